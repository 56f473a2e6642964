/* global document, window, Element, HTMLFormElement, HTMLInputElement, HTMLSelectElement, HTMLTextAreaElement */
// What a visitor does on a page drawn from its HTML before the page's script has taken it over, held and handed
// over once it has, so that nothing is lost: a form sent (Continue on the login page), text typed, a box ticked, a
// choice in a list (the language), a tap on a button that only the script can answer. Links, the tabs of My
// orders and the menu of small screens (a popover) work without any script, and are left alone.
//
// Loaded in <head> before the page (shell/scripts/prerender.cjs adds it to every page), so it listens before
// anything can be tapped. The shell calls `waypointHeldActions.release()` once the page has hydrated: the fields
// typed in are told to the page as if typed then, and the held sends, taps and choices happen again, in order.
// A plain script served as it is, under a name that changes with its content.
(function () {
  'use strict';

  /** The sends, taps and choices held, in order: `{ type, target, submitter }`. */
  var held = [];
  /** The fields typed in or ticked before the page took over. */
  var typed = [];

  function onSubmit(event) {
    var form = event.target;
    // A form with an address of its own sends itself, script or not.
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
    event.preventDefault();
    held.push({ type: 'submit', target: form, submitter: event.submitter || null });
  }

  function onClick(event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    // Submit buttons send their form (held above); a popover's button opens it without any script.
    if (!button || button.type !== 'button' || button.disabled) return;
    if (button.hasAttribute('popovertarget')) return;
    event.preventDefault();
    held.push({ type: 'click', target: button });
  }

  function onInput(event) {
    var field = event.target;
    if (field instanceof HTMLSelectElement) {
      // A choice in a list is both an input and a change: held once.
      if (event.type === 'change') held.push({ type: 'change', target: field });
    } else if (
      (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
      typed.indexOf(field) === -1
    ) {
      typed.push(field);
    }
  }

  /** Tells the page a field's value (or tick) as if it had just been typed: its script sees a change. */
  function replayTyped(field) {
    var checkable = field.type === 'checkbox' || field.type === 'radio';
    var property = checkable ? 'checked' : 'value';
    var prototype = Object.getPrototypeOf(field);
    var native = Object.getOwnPropertyDescriptor(prototype, property);
    var shown = field[property];
    if (!native || !native.set) return;
    // The page's script keeps the value it last saw on the element itself: it is told another, and the field
    // keeps what the visitor typed.
    field[property] = checkable ? !shown : '';
    native.set.call(field, shown);
    field.dispatchEvent(new Event(checkable ? 'click' : 'input', { bubbles: true }));
  }

  function replay(action) {
    var target = action.target;
    if (!target.isConnected) return;
    if (action.type === 'submit') {
      var submitter = action.submitter;
      if (submitter && submitter.isConnected && submitter.form === target) {
        target.requestSubmit(submitter);
      } else {
        target.requestSubmit();
      }
    } else if (action.type === 'click') {
      target.click();
    } else {
      target.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }

  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);

  window.waypointHeldActions = {
    /** The page has hydrated: stops holding, and hands over what was held. Only the first call does anything. */
    release: function () {
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('change', onInput, true);
      var fields = typed;
      var actions = held;
      typed = [];
      held = [];
      fields.forEach(function (field) {
        if (field.isConnected) replayTyped(field);
      });
      actions.forEach(replay);
    },
  };
})();
