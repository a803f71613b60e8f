// The shared styles come first, so that each game's own stylesheet (imported by its module)
// follows them in the bundle and its rules win where they meet.
import './styles/base.css';
import './styles/frame.css';
import './styles/panels.css';
import './styles/home.css';
import './styles/daily.css';
import './styles/results.css';
import './styles/replay.css';
import './styles/account.css';
import { render } from 'preact';
import { App } from './app/App';

render(<App />, document.getElementById('app')!);

// The app shell works offline (public/sw.js); the API is never cached.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
