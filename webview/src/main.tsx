// PLACEHOLDER board: filled in by issue 5.
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')!).render(<p>Consider board</p>);
