// The current decision: the prompt in words and the legal actions as a list of buttons.
//
// The list is exactly the engine's `prompt().actions`, in its order, each labelled with
// `describe(action)`. Clicking a button passes its index back to the engine.
import type { Prompt, Session, Step } from './engine.js';
import { capitalise, die, fieldValue, purposeWords, words } from './log.js';

/** Rulebook steps in words; the engine's step names and fields are shown for any other step. */
function stepWords(session: Session, step: Step): string {
  const name = (unit: number) => session.counterName(unit);
  switch (step.step) {
    case 'Deployment':
      return `Game setup: place ${name(step.unit)} (formation: ${step.formation})`;
    case 'ChooseFirstPlayer':
      return `Determine initiative: choose who plays first (French ${step.french_total}, Spanish ${step.spanish_total})`;
    case 'Joker':
      return `NAC History Joker: keep the roll for ${purposeWords(session, step.purpose)} (${step.dice.map(die).join(', ')}) or reroll with the Joker`;
    case 'Reinforcement':
      return `Reinforcements: ${name(step.unit)} enters at ${step.entry}`;
    case 'PlaceWaterCarrier':
      return 'Stifling heat: place María Bellido';
    case 'ActivateLeader':
      return 'Movement: declare the leader to activate';
    case 'Movement':
      return `Movement with ${name(step.leader)}: choose a counter to move (${step.moved} of ${step.allowance} moved)`;
    case 'MoveCounter':
      return `Movement: choose where ${name(step.unit)} goes`;
    case 'ReactionFire':
      return 'Reaction artillery fire';
    case 'Combat':
      return `Combat: choose an attack (${step.activations_left} activations left)`;
    case 'SecondTarget':
      return `Combat: second target for ${name(step.unit)} (first ${name(step.first)})`;
    case 'Support':
      return `Combined attack: support for ${name(step.attacker)} against ${name(step.target)}`;
    case 'TacticalRetreat':
      return `Tactical retreat: may ${name(step.defender)} retreat instead of being attacked?`;
    case 'Retreat':
      return `Retreat: choose the two-hex retreat of ${name(step.unit)}`;
    case 'Advance':
      return `Advance after combat into ${step.hex}`;
    case 'ChainedAttack':
      return `Advance after combat: may ${name(step.unit)} attack again?`;
    case 'Pursuit':
      return `Cavalry pursuit (${step.pursuits_left} left)`;
    case 'Reorganization':
      return 'Reorganization by leaders';
    default: {
      // A step this page does not know yet: its name and fields.
      const record = step as unknown as Record<string, unknown>;
      const rest = Object.entries(record)
        .filter(([k]) => k !== 'step')
        .map(([k, v]) => `${words(k)} ${fieldValue(session, k, v)}`);
      return capitalise(words(String(record.step))) + (rest.length ? ` (${rest.join(', ')})` : '');
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
