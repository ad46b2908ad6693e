import { describe, expect, it } from 'vitest';
import { changePasswordBodySchema } from './security';

const messagesOf = (body: { currentPassword: string; newPassword: string }) =>
  changePasswordBodySchema
    .safeParse(body)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('changing the password', () => {
  it('asks for both fields when they are empty, rather than calling them the same', () => {
    expect(messagesOf({ currentPassword: '', newPassword: '' })).toEqual([
      ['currentPassword', 'Enter your current password'],
      ['newPassword', 'Enter a new password'],
    ]);
  });

  it('gives one message for a short new password', () => {
    expect(messagesOf({ currentPassword: 'short', newPassword: 'short' })).toEqual([
      ['newPassword', 'Password must be at least 12 characters'],
    ]);
  });

  it('still refuses the current password as the new one', () => {
    const same = 'correct horse battery';
    expect(messagesOf({ currentPassword: same, newPassword: same })).toEqual([
      ['newPassword', 'Choose a password different from the current one'],
    ]);
    expect(messagesOf({ currentPassword: same, newPassword: `${same}!` })).toBeUndefined();
  });
});
