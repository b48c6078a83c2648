import { expectWelcomeClearOfButtons } from './client-welcome';
import { createUser, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the welcome toast covers no button', async ({ page }) => {
  await expectWelcomeClearOfButtons(page, await createUser({ firstName: 'Lena' }));
});
