/*
 * Plaid Link, offline: what https://cdn.plaid.com/link/v2/stable/link-initialize.js is to the app in AWS,
 * served by the Plaid stand-in (infra/local/plaid). Same surface: window.Plaid.create({ token, onSuccess,
 * onExit, onEvent, onLoad, receivedRedirectUri }) returning { open, exit, destroy, submit }. open() shows an
 * accessible dialog (keyboard only works, 390px wide, light and dark) to pick a sandbox institution and user;
 * success calls onSuccess(public_token, metadata) with Link's metadata shape. A link token made with an
 * access_token opens update mode: the existing item signs in again, and onSuccess is still called.
 */
(() => {
  const ORIGIN = '__PLAID_STAND_IN_ORIGIN__';
  const STYLE_ID = 'plaid-stand-in-style';
  const CSS = `
.psi-overlay{--psi-bg:#fff;--psi-fg:#16191f;--psi-muted:#5f6b7a;--psi-border:#8c8c94;--psi-accent:#006ce0;--psi-accent-fg:#fff;--psi-error:#d91515;--psi-card:#f4f4f4;
position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;background:rgba(0,7,22,.6);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
@media (prefers-color-scheme:dark){.psi-overlay{--psi-bg:#161d26;--psi-fg:#dedee3;--psi-muted:#a4a4ad;--psi-border:#757580;--psi-accent:#42b4ff;--psi-accent-fg:#0f141a;--psi-error:#ff7a7a;--psi-card:#1b232d}}
.awsui-dark-mode .psi-overlay{--psi-bg:#161d26;--psi-fg:#dedee3;--psi-muted:#a4a4ad;--psi-border:#757580;--psi-accent:#42b4ff;--psi-accent-fg:#0f141a;--psi-error:#ff7a7a;--psi-card:#1b232d}
.awsui-light-mode .psi-overlay{--psi-bg:#fff;--psi-fg:#16191f;--psi-muted:#5f6b7a;--psi-border:#8c8c94;--psi-accent:#006ce0;--psi-accent-fg:#fff;--psi-error:#d91515;--psi-card:#f4f4f4}
.psi-dialog{box-sizing:border-box;width:min(440px,calc(100vw - 24px));max-height:calc(100vh - 24px);overflow:auto;background:var(--psi-bg);color:var(--psi-fg);border-radius:16px;padding:20px;box-shadow:0 8px 32px rgba(0,0,0,.35)}
.psi-head{display:flex;align-items:flex-start;justify-content:space-between;gap:8px}
.psi-dialog h2{font-size:18px;margin:0 0 4px}
.psi-dialog p{margin:0 0 12px;color:var(--psi-muted)}
.psi-dialog fieldset{border:0;margin:0 0 12px;padding:0}
.psi-dialog legend{font-weight:700;margin-bottom:6px;padding:0}
.psi-option{display:flex;gap:10px;align-items:center;padding:10px 12px;margin-bottom:6px;border:1px solid var(--psi-border);border-radius:8px;background:var(--psi-card);cursor:pointer}
.psi-option small{display:block;color:var(--psi-muted)}
.psi-field{display:block;margin-bottom:12px}
.psi-field span{display:block;font-weight:700;margin-bottom:4px}
.psi-dialog select,.psi-dialog input[type=password]{box-sizing:border-box;width:100%;min-height:36px;padding:6px 8px;border:1px solid var(--psi-border);border-radius:8px;background:var(--psi-bg);color:var(--psi-fg);font:inherit}
.psi-actions{display:flex;gap:8px;justify-content:flex-end;flex-wrap:wrap}
.psi-dialog button{min-height:36px;padding:6px 16px;border-radius:20px;font:inherit;font-weight:700;cursor:pointer;border:2px solid var(--psi-accent);background:transparent;color:var(--psi-accent)}
.psi-dialog button.psi-primary{background:var(--psi-accent);color:var(--psi-accent-fg)}
.psi-dialog button.psi-close{border:0;padding:4px 10px;font-size:20px;line-height:1;color:var(--psi-fg)}
.psi-dialog :focus-visible{outline:2px solid var(--psi-accent);outline-offset:2px}
.psi-error{color:var(--psi-error);font-weight:700;margin:0 0 12px}
.psi-error:empty{display:none}`;

  const now = () => new Date().toISOString();

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'text') node.textContent = value;
      else if (key === 'className') node.className = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children || []) if (child) node.appendChild(child);
    return node;
  }

  async function post(path, body) {
    const response = await fetch(ORIGIN + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw answer;
    return answer;
  }

  function linkError(error) {
    if (error && typeof error === 'object' && 'error_code' in error) {
      return {
        error_type: error.error_type,
        error_code: error.error_code,
        error_message: error.error_message,
        display_message: error.display_message,
      };
    }
    return {
      error_type: 'API_ERROR',
      error_code: 'INTERNAL_SERVER_ERROR',
      error_message: String(error),
      display_message: null,
    };
  }

  function create(config) {
    if (!config || typeof config.token !== 'string') throw new Error('Plaid.create: a link token is required');
    const call = (name, ...args) => {
      if (typeof config[name] === 'function') config[name](...args);
    };
    let session = null;
    let overlay = null;
    let returnFocus = null;
    let destroyed = false;
    let institution = null;
    const ready = post('/_link/session', { link_token: config.token }).then(
      (answer) => {
        session = answer;
        call('onLoad');
        return answer;
      },
      (error) => {
        throw linkError(error);
      },
    );
    ready.catch(() => undefined);

    const meta = (extra) => ({
      link_session_id: session ? session.link_session_id : null,
      request_id: null,
      timestamp: now(),
      ...extra,
    });
    const event = (name, extra) => call('onEvent', name, meta(extra));

    function close() {
      if (!overlay) return;
      overlay.remove();
      overlay = null;
      document.removeEventListener('keydown', onKey, true);
      if (returnFocus && typeof returnFocus.focus === 'function') returnFocus.focus();
    }

    function exitWith(error) {
      close();
      event('EXIT', { exit_status: error ? 'requires_credentials' : null, view_name: null });
      call('onExit', error, {
        institution: institution ? { name: institution.name, institution_id: institution.institution_id } : null,
        status: error ? 'requires_credentials' : null,
        link_session_id: session ? session.link_session_id : null,
        request_id: null,
      });
    }

    function onKey(e) {
      if (!overlay) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        exitWith(null);
      } else if (e.key === 'Tab') {
        const focusables = [...overlay.querySelectorAll('button, input, select')].filter(
          (n) => !n.disabled && n.offsetParent !== null,
        );
        if (!focusables.length) return;
        const first = focusables[0];
        const last = focusables[focusables.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    }

    function render(answer) {
      if (!document.getElementById(STYLE_ID)) {
        document.head.appendChild(el('style', { id: STYLE_ID, text: CSS }));
      }
      const update = answer.mode === 'update';
      const error = el('p', { className: 'psi-error', role: 'alert', id: 'psi-error' });
      const institutions = answer.institutions.map((inst, index) => {
        const input = el('input', {
          type: 'radio',
          name: 'psi-institution',
          value: inst.institution_id,
          checked: index === 0,
        });
        return el('label', { className: 'psi-option' }, [input, el('span', { text: inst.name })]);
      });
      const users = el(
        'select',
        { id: 'psi-user', name: 'username', disabled: update },
        answer.users.map((u) =>
          el('option', {
            value: u.username,
            text: `${u.username} — ${u.description}`,
            selected: u.username === (answer.item_username || 'user_good'),
          }),
        ),
      );
      const password = el('input', {
        id: 'psi-password',
        type: 'password',
        name: 'password',
        value: 'pass_good',
        autocomplete: 'off',
        'aria-describedby': 'psi-password-hint',
      });
      const submit = el('button', { type: 'submit', className: 'psi-primary', text: update ? 'Reconnect' : 'Connect' });
      const cancel = el('button', { type: 'button', text: 'Cancel' });
      const closeButton = el('button', { type: 'button', className: 'psi-close', 'aria-label': 'Close', text: '×' });
      const form = el('form', { novalidate: true }, [
        el('fieldset', {}, [
          el('legend', { text: update ? 'Your bank' : 'Select your bank' }),
          ...(update ? [el('p', { text: answer.institutions[0].name })] : institutions),
        ]),
        el('label', { className: 'psi-field', for: 'psi-user' }, [el('span', { text: 'Sandbox user' })]),
        users,
        el('label', { className: 'psi-field', for: 'psi-password' }, [el('span', { text: 'Password' })]),
        password,
        el('p', { id: 'psi-password-hint', text: 'Every sandbox user signs in with pass_good.' }),
        error,
        el('div', { className: 'psi-actions' }, [cancel, submit]),
      ]);
      const title = update ? `Reconnect to ${answer.institutions[0].name}` : 'Connect your bank';
      const dialog = el(
        'div',
        { className: 'psi-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'psi-title' },
        [
          el('div', { className: 'psi-head' }, [el('h2', { id: 'psi-title', text: title }), closeButton]),
          el('p', {
            text: `${answer.client_name} uses Plaid to connect your account. Offline stand-in: sandbox banks and users only.`,
          }),
          form,
        ],
      );
      overlay = el('div', { className: 'psi-overlay', 'data-plaid-stand-in': 'link' }, [dialog]);
      document.body.appendChild(overlay);
      document.addEventListener('keydown', onKey, true);
      cancel.addEventListener('click', () => exitWith(null));
      closeButton.addEventListener('click', () => exitWith(null));
      form.addEventListener('submit', async (e) => {
        e.preventDefault();
        const checked = form.querySelector('input[name=psi-institution]:checked');
        institution = update
          ? answer.institutions[0]
          : answer.institutions.find((i) => checked && i.institution_id === checked.value);
        if (!institution) {
          error.textContent = 'Select a bank.';
          return;
        }
        event('SELECT_INSTITUTION', {
          institution_id: institution.institution_id,
          institution_name: institution.name,
          view_name: 'SELECT_INSTITUTION',
        });
        event('SUBMIT_CREDENTIALS', { view_name: 'CREDENTIAL' });
        submit.disabled = true;
        error.textContent = '';
        try {
          const result = await post('/_link/complete', {
            link_token: config.token,
            institution_id: institution.institution_id,
            username: users.value,
            password: password.value,
            link_session_id: answer.link_session_id,
          });
          event('HANDOFF', { view_name: 'CONNECTED' });
          close();
          call('onSuccess', result.public_token, result.metadata);
        } catch (failure) {
          const err = linkError(failure);
          event('ERROR', { error_type: err.error_type, error_code: err.error_code, view_name: 'ERROR' });
          error.textContent = err.display_message || err.error_message;
          submit.disabled = false;
          password.focus();
        }
      });
      const firstField = update ? password : form.querySelector('input[name=psi-institution]');
      (firstField || submit).focus();
    }

    return {
      open() {
        if (destroyed || overlay) return;
        returnFocus = document.activeElement;
        ready.then(
          (answer) => {
            if (destroyed || overlay) return;
            event('OPEN', { view_name: answer.mode === 'update' ? 'CREDENTIAL' : 'SELECT_INSTITUTION' });
            render(answer);
          },
          (error) => {
            event('ERROR', { error_type: error.error_type, error_code: error.error_code });
            call('onExit', error, {
              institution: null,
              status: null,
              link_session_id: null,
              request_id: null,
            });
          },
        );
      },
      exit() {
        if (overlay) exitWith(null);
      },
      destroy() {
        destroyed = true;
        close();
      },
      submit() {
        /* Plaid's Embedded/phone submit; not used by the app. */
      },
    };
  }

  window.Plaid = { create, version: 'rent-today-offline-stand-in' };
})();
