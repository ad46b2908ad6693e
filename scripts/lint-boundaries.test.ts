import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The boundaries in eslint.config.js, proven on code that breaks them (and code that does not). */
describe('lint boundaries', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.js' });
  });

  const problemsOf = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports');
  };

  it('refuses a web feature importing another feature, and allows its own', async () => {
    const crossing = await problemsOf(
      "import { useRecipients } from '@web/features/transfer/api/get-recipients';\nexport const x = useRecipients;\n",
      'web/src/features/history/components/x.ts',
    );
    expect(crossing).toHaveLength(1);
    expect(crossing[0]!.message).toMatch(/does not import another feature/);
    const relative = await problemsOf(
      "import { useRecipients } from '../../transfer/api/get-recipients';\nexport const x = useRecipients;\n",
      'web/src/features/history/components/x.ts',
    );
    expect(relative).toHaveLength(1);
    const own = await problemsOf(
      "import { useRecipients } from '@web/features/transfer/api/get-recipients';\nexport const x = useRecipients;\n",
      'web/src/features/transfer/components/x.ts',
    );
    expect(own).toEqual([]);
  });

  it('sees a crossing however deep the importing file is, and lets a feature reach its own files and shared code', async () => {
    const atRoot = 'web/src/features/history/x.ts';
    expect(
      await problemsOf(
        "import { useRecipients } from '@web/features/transfer/api/get-recipients';\nexport const x = useRecipients;\n",
        atRoot,
      ),
    ).toHaveLength(1);
    expect(
      await problemsOf(
        "import { useRecipients } from '../transfer/api/get-recipients';\nexport const x = useRecipients;\n",
        atRoot,
      ),
    ).toHaveLength(1);
    expect(
      await problemsOf(
        "import { useRecipients } from '../../../features/transfer/api/get-recipients';\nexport const x = useRecipients;\n",
        'web/src/features/history/components/x.ts',
      ),
    ).toHaveLength(1);
    expect(
      await problemsOf(
        "import { nextPage } from '@web/features/history/lib/paging';\nexport const x = nextPage;\n",
        atRoot,
      ),
    ).toEqual([]);
    expect(
      await problemsOf(
        "import { nextPage } from '../../history/lib/paging';\nexport const x = nextPage;\n",
        'web/src/features/history/components/x.ts',
      ),
    ).toEqual([]);
    expect(
      await problemsOf(
        "import { formatMoney } from '../../../lib/money';\nexport const x = formatMoney;\n",
        'web/src/features/history/components/x.ts',
      ),
    ).toEqual([]);
  });

  it('refuses a feature importing the app shell', async () => {
    const crossing = await problemsOf(
      "import { routes } from '@web/app/router';\nexport const x = routes;\n",
      'web/src/features/history/x.ts',
    );
    expect(crossing).toHaveLength(1);
    expect(crossing[0]!.message).toMatch(/does not import the app shell/);
    expect(
      await problemsOf(
        "import { routes } from '../../../app/router';\nexport const x = routes;\n",
        'web/src/features/history/components/x.ts',
      ),
    ).toHaveLength(1);
  });

  it('refuses shared web code importing a feature or the app', async () => {
    expect(
      await problemsOf(
        "import { HistoryPage } from '@web/features/history/components/history-page';\nexport const x = HistoryPage;\n",
        'web/src/lib/x.ts',
      ),
    ).toHaveLength(1);
    expect(
      await problemsOf(
        "import { routes } from '@web/app/router';\nexport const x = routes;\n",
        'web/src/components/x.ts',
      ),
    ).toHaveLength(1);
    expect(
      await problemsOf(
        "import { HistoryPage } from '../features/history/components/history-page';\nexport const x = HistoryPage;\n",
        'web/src/hooks/x.ts',
      ),
    ).toHaveLength(1);
  });

  it("refuses the server's cross-cutting layer importing a module, and the contract importing either side", async () => {
    expect(
      await problemsOf(
        "import { postEntry } from '../modules/ledger/ledger.service';\nexport const x = postEntry;\n",
        'server/src/lib/x.ts',
      ),
    ).toHaveLength(1);
    expect(
      await problemsOf(
        "import { buildApp } from '../../server/src/app';\nexport const x = buildApp;\n",
        'contract/src/x.ts',
      ),
    ).toHaveLength(1);
    expect(await problemsOf("import { z } from 'zod';\nexport const x = z;\n", 'contract/src/x.ts')).toEqual(
      [],
    );
  });

  it("refuses a server module importing another module's repository, and allows its own and a public face", async () => {
    const crossing = await problemsOf(
      "import { listWallets } from '../wallets/wallets.repository';\nexport const x = listWallets;\n",
      'server/src/modules/goals/x.ts',
    );
    expect(crossing).toHaveLength(1);
    expect(crossing[0]!.message).toMatch(/another module's repository/);
    expect(
      await problemsOf(
        "import { listWallets } from '../../wallets/wallets.repository';\nexport const x = listWallets;\n",
        'server/src/modules/goals/deep/x.test.ts',
      ),
    ).toHaveLength(1);
    expect(
      await problemsOf(
        "import { listGoals } from './goals.repository';\nexport const x = listGoals;\n",
        'server/src/modules/goals/x.ts',
      ),
    ).toEqual([]);
    expect(
      await problemsOf(
        "import { listGoals } from '../goals/goals.repository';\nexport const x = listGoals;\n",
        'server/src/modules/goals/x.ts',
      ),
    ).toEqual([]);
    expect(
      await problemsOf(
        "import { ensureWallet } from '../wallets/wallets';\nexport const x = ensureWallet;\n",
        'server/src/modules/goals/x.ts',
      ),
    ).toEqual([]);
  });
});
