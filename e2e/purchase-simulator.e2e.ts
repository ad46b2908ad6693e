import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { startDemoFromLanding, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Whether a select shows its chosen option's whole text: the text's width in the select's font fits inside. */
const showsWholeChoice = (select: Locator) =>
  select.evaluate((element) => {
    const field = element as HTMLSelectElement;
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(field.selectedOptions[0]!.text).width;
    // The room for text: the box less its padding (the right padding holds the arrow).
    const room =
      field.clientWidth - Number.parseInt(style.paddingLeft, 10) - Number.parseInt(style.paddingRight, 10);
    return { fits: text <= room, text: Math.ceil(text), room: Math.floor(room) };
  });

describe.each(laptopAndPhone)('Purchase simulator (%s)', (name, open) => {
  it('shows whole choices and picks the country from a list', async () => {
    const page = await open(browser);
    await startDemoFromLanding(page);
    await page.goto('/cards');
    await waitForTitle(page, 'My Cards');
    await page.getByTestId('card-tile').first().getByRole('button', { name: 'Test purchase' }).click();
    const form = page.getByRole('form', { name: 'Test purchase' });
    await form.getByLabel('Category').selectOption('restaurants');
    await form.getByLabel('How').selectOption('contactless');
    for (const label of ['Category', 'How', 'Currency']) {
      expect(await showsWholeChoice(form.getByLabel(label)), label).toMatchObject({ fits: true });
    }

    const country = form.getByLabel('Country');
    expect(await country.evaluate((element) => element.tagName)).toBe('SELECT');
    await country.selectOption({ label: 'United Kingdom' });
    expect(await country.inputValue()).toBe('GB');
    expect(await showsWholeChoice(country)).toMatchObject({ fits: true });
    await expectNoSeriousAxeViolations(page, `test purchase (${name})`);

    await form.getByLabel('Amount').fill('1.00');
    await form.getByRole('button', { name: 'Pay' }).click();
    await form.getByTestId('purchase-result').waitFor();
    await page.context().close();
  });
});
