// The current decision: the prompt in words and the legal actions as a list of buttons.
//
// The list is exactly the engine's `prompt().actions`, in its order, each labelled with
// `describe(action)`. Clicking a button passes its index back to the engine.
import type { Prompt, Session, Step } from './engine.js';
import { capitalise, die, fieldValue, purposeWords, words } from './log.js';

/** Rulebook steps in words; the engine's step names and fields are shown for any other step. */
function stepWords(session: Session, step: Step): string {
  const f = (k: string) => fieldValue(session, k, step[k]);
  switch (step.step) {
    case 'Deployment':
      return `Game setup: place ${f('unit')} (formation: ${f('formation')})`;
    case 'ChooseFirstPlayer':
      return `Determine initiative: choose who plays first (French ${f('french_total')}, Spanish ${f('spanish_total')})`;
    case 'Joker': {
      const dice = Array.isArray(step.dice) ? step.dice.map(die).join(', ') : f('dice');
      return `NAC History Joker: keep the roll for ${purposeWords(session, step.purpose)} (${dice}) or reroll with the Joker`;
    }
    case 'Reinforcement':
      return `Reinforcements: ${f('unit')} enters at ${f('entry')}`;
    case 'PlaceWaterCarrier':
      return 'Stifling heat: place María Bellido';
    case 'ActivateLeader':
      return 'Movement: declare the leader to activate';
    case 'Movement':
      return `Movement with ${f('leader')}: choose a counter to move (${f('moved')} of ${f('allowance')} moved)`;
    case 'MoveCounter':
      return `Movement: choose where ${f('unit')} goes`;
    case 'ReactionFire':
      return 'Reaction artillery fire';
    case 'Combat':
      return `Combat: choose an attack (${f('activations_left')} activations left)`;
    case 'SecondTarget':
      return `Combat: second target for ${f('unit')} (first ${f('first')})`;
    case 'Support':
      return `Combined attack: support for ${f('attacker')} against ${f('target')}`;
    case 'TacticalRetreat':
      return `Tactical retreat: may ${f('defender')} retreat instead of being attacked?`;
    case 'Retreat':
      return `Retreat: choose the two-hex retreat of ${f('unit')}`;
    case 'Advance':
      return `Advance after combat into ${f('hex')}`;
    case 'ChainedAttack':
      return `Advance after combat: may ${f('unit')} attack again?`;
    case 'Pursuit':
      return `Cavalry pursuit (${f('pursuits_left')} left)`;
    case 'Reorganization':
      return 'Reorganization by leaders';
    default: {
      const rest = Object.entries(step)
        .filter(([k]) => k !== 'step')
        .map(([k, v]) => `${words(k)} ${fieldValue(session, k, v)}`);
      return capitalise(words(step.step)) + (rest.length ? ` (${rest.join(', ')})` : '');
    }
  }
}

/** "French to decide — Movement: ..." */
export function promptWords(session: Session, prompt: Prompt): string {
  return `${prompt.side} to decide — ${stepWords(session, prompt.step)}`;
}

export interface ActionView {
  /** Show the prompt and its actions; `choose` is called with the action's index. */
  show(session: Session, prompt: Prompt | null, outcomeText: string): void;
}

export function actionView(
  promptElement: HTMLElement,
  list: HTMLUListElement,
  choose: (index: number, label: string) => void,
): ActionView {
  return {
    show(session, prompt, outcomeText) {
      const doc = list.ownerDocument;
      if (!prompt) {
        promptElement.textContent = outcomeText;
        list.replaceChildren();
        return;
      }
      promptElement.textContent = promptWords(session, prompt);
      const hadFocus = list.contains(doc.activeElement);
      const items = prompt.actions.map((action, index) => {
        const li = doc.createElement('li');
        const button = doc.createElement('button');
        button.type = 'button';
        let label: string;
        try {
          label = session.describe(action);
        } catch {
          label = words(action.type);
        }
        button.textContent = label;
        button.dataset.index = String(index);
        button.dataset.type = action.type;
        button.addEventListener('click', () => choose(index, label));
        li.append(button);
        return li;
      });
      list.replaceChildren(...items);
      // Keyboard users keep their place: focus moves to the first new action.
      if (hadFocus) list.querySelector('button')?.focus();
    },
  };
}
