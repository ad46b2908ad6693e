import { Moon, Sun } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useTheme } from '@web/lib/theme';
import { cn } from '@web/lib/utils';

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('rounded-full', className)}
      onClick={toggle}
      aria-label={`Switch to ${next} theme`}
      data-theme-toggle
    >
      {theme === 'dark' ? <Sun /> : <Moon />}
    </Button>
  );
}
