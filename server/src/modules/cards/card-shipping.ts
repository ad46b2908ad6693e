import type { Config } from '../../config/env';
import type { Job } from '../../jobs/scheduler';
import type { CardsService } from './cards.service';

/**
 * Physical cards: ordered → shipped by this job after CARD_SHIPPING_SECONDS (standing in for the issuer's
 * shipping update), then shipped → active when the holder activates the card (PUT /api/stripe/card/{id}/status).
 * One UPDATE, so several processes may run it at once.
 */
export function cardShippingJob(cards: CardsService, config: Config): Job {
  return {
    name: 'ship-ordered-cards',
    everyMs: 10_000,
    run: () => cards.shipOrderedCards(config.CARD_SHIPPING_SECONDS),
  };
}
