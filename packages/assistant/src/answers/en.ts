import { HELPLINES } from '@wings/contract'
import type { Catalog } from './catalog.ts'

export const EN: Catalog = {
  lead: 'If you are in danger now: press SOS or call 112.',
  situations: {
    general:
      'SOS shows Call 112 at once and sends where you are to your trusted contacts.\n' +
      'If you can, get to a safe place: a room that locks, a shop, or near other people.\n' +
      'Call someone you trust and keep talking. 181 is the Women Helpline, open day and night.',
    followed:
      'Do not go home or to an empty place. Go into a busy shop, a restaurant, a petrol pump or a police booth, and tell someone there that you are being followed.\n' +
      'Call someone you trust, keep talking, and say where you are.\n' +
      'If he comes close, shout and call 112.',
    harassed:
      'Move away from him, towards other people. Say loudly: "Stop. Do not touch me." Ask one person directly: "You in the blue shirt, please help."\n' +
      'In a shop, an office or a college, tell the staff or security.\n' +
      'If he follows you or you feel in danger, call 112. Later you can complain: it is a crime (BNS sections 74, 75 and 79).',
    cab:
      'Share your location now (SOS does it) and call someone: say the cab number and where you are, loud enough for the driver to hear.\n' +
      'Ask the driver to stop at a busy place, a petrol pump or a police booth. Press the ride app’s emergency button.\n' +
      'If he will not stop or the doors are locked, call 112, keep the call on, and make noise at signals so people notice.',
    transit:
      'Move to where there are more people: the ladies’ coach, near the guard, the driver or the conductor, or other women.\n' +
      'Tell the conductor, the guard or the railway police, and say loudly what he is doing.\n' +
      'On a train or at a station, call 139 (Rail Madad) or 112. Note the train or bus number, the coach and the time.',
    home:
      'If you can, go to a room that locks, with your phone, away from the kitchen and anything that can be used to hurt you.\n' +
      'Call 112, or 181, the Women Helpline. If you cannot talk, press SOS: it sends your location to your trusted contacts.\n' +
      'Call or shout to a neighbour you trust. If you are locked in, tell 112 or 181 your address and that you are locked in.\n' +
      'This is not your fault. 181 can also connect you to a One Stop Centre for shelter, legal help and counselling.',
    intruder:
      'Do not open the door. Lock yourself in a room with your phone and call 112: say your address first.\n' +
      'Turn on the lights, make noise, and call a neighbour or your building’s guard.\n' +
      'Do not face him. Stay on the line with 112 until help comes.',
    group:
      'Move towards people and light at once: a shop, a crowd, a bus stop with people, a police booth. Do not argue with them.\n' +
      'Shout for help and call 112. Call someone you trust and say where you are.\n' +
      'If they block your way, make noise and ask one person nearby directly for help.',
    drugged:
      'If you think your drink was spiked: tell the staff, the manager or security now, and stay with a friend you trust. Do not leave with someone you do not know.\n' +
      'If a friend has passed out: do not leave her alone. Lay her on her side, check that she is breathing, and call 108 for an ambulance, or 112.\n' +
      'Drink nothing more there. Tell the doctor you may have been drugged.',
    friend:
      'Try to reach her, and the people she was with. If she shared her live location, open her link.\n' +
      'If you think she is in danger, call 112 now: her name, what she wore, where she was last and who with. You do not have to wait 24 hours to report a missing person.\n' +
      'If she is under 18, also call 1098.',
    assault:
      'It is not your fault. First get to a safe place and call someone you trust to be with you. If you are hurt or in danger, call 112.\n' +
      'Get medical care as soon as you can, within 72 hours if possible: medicines that prevent HIV must start by then, and those that prevent pregnancy work better the sooner. After a sexual assault every hospital, government or private, must treat you free.\n' +
      '181 connects you to a One Stop Centre: a doctor, police help, a lawyer and counselling in one place.\n' +
      'If you want to report it, you can file a Zero FIR at any police station. If you can, keep your clothes in a paper bag, but your care comes first.',
    selfharm:
      'Thank you for telling me. You do not have to go through this alone.\n' +
      'Call 14416 (Tele-MANAS) now: free, day and night, in your language. If you might act on these thoughts now, call 112.\n' +
      'Move away from anything you could hurt yourself with, and call or go to someone you trust: tell them how you feel and ask them to stay with you.\n' +
      'If you are writing about a friend: stay with her, keep pills, blades and heights away from her, and call 14416 or 112 together.',
    child:
      'If you can do it safely, get the child away from the person hurting them. Do not face him alone.\n' +
      'If the child is in danger, call 112 now. Call 1098, the child helpline, any time: they can send help.\n' +
      'If the child is hurt, call 108 or take them to a hospital.',
    acid:
      'If acid touched you: pour plenty of cool running water on the burn for at least 20 minutes, and take off clothes and jewellery it touched (not what sticks to the skin). Do not rub the burn or put anything else on it.\n' +
      'Call 108 for an ambulance, or 112. Every hospital must treat an acid attack survivor free.\n' +
      'If someone threatens to throw acid, call 112 now and tell people around you: the threat is a crime too.',
    kidnap:
      'If you can call or text without being seen, call 112 and say where you are: a landmark, a shop, a road name. SOS sends your location to your trusted contacts.\n' +
      'Keep your phone hidden and silent. Try to stay where there are other people.\n' +
      'If someone keeps your passport or papers or will not let you leave a job, that is trafficking, a crime: 112 and 181 can help. For a child, call 1098.',
    injured:
      'Press hard on the wound with a clean cloth and keep pressing. If you can, lie down and raise the hurt arm or leg.\n' +
      'Call 108 for an ambulance, or 112. Hospitals must give emergency care to anyone injured.\n' +
      'Stay with someone, and do not walk alone if you feel dizzy.',
    threat:
      'Get away from him if you can: out of the house, or into a room you can lock. Do not argue with someone who has a weapon.\n' +
      'Call 112 now. If you cannot talk, leave the call on, or press SOS to send your location.\n' +
      'Go to other people: a neighbour, a shop, a crowd. Tell someone you trust what is happening.',
  },
  greeting:
    'Namaste, I am Saathi. Ask me about helplines, safe routes, what to do if you are followed or harassed, ' +
    'cab safety, support after violence, or how to use Wings.\nIf you are in danger, press SOS or call 112.',
  thanks: 'You are welcome. Take care, and come back whenever you need me.',
  unknown:
    'I am not sure I understood. I can help with helplines, safe routes, what to do if you are followed or ' +
    'harassed, cab safety, violence at home, support after an assault, and how to use Wings.\n' +
    'If you are in danger, press SOS or call 112. 181 is the Women Helpline, day and night; 14416 (Tele-MANAS) is there if you feel low.',
  sos: 'Send SOS',
  call: (number) => `Call ${number}`,
  helplines: 'Helplines',
  numbers: Object.fromEntries(HELPLINES.map((h) => [h.number, `${h.number} ${h.name}: ${h.purpose} (${h.area})`])),
  facts: {
    stalking:
      'Stalking is a crime under section 78 of the Bharatiya Nyaya Sanhita (BNS), which replaced IPC 354D: following a woman and trying to contact her again and again although she has clearly shown she is not interested, or watching what she does online.',
    modesty:
      'Words, sounds or gestures meant to insult a woman’s modesty (lewd comments, whistling, obscene gestures), or showing her something to that end, are a crime under BNS section 79, which replaced IPC 509.',
    'sexual-harassment':
      'Sexual harassment is a crime under BNS section 75, which replaced IPC 354A: unwelcome touching and advances, asking for sexual favours, showing pornography against her will, or sexual remarks. At work, the POSH Act applies too.',
    cruelty:
      'Cruelty by a husband or his relatives (beating, threats, harassment for dowry) is a crime under BNS section 85, which replaced IPC 498A. The Domestic Violence Act (2005) can also give a protection order.',
    'zero-fir':
      'A complaint can be filed at any police station, wherever the crime happened: it is called a Zero FIR (BNSS section 173), and the police must register it and send it on to the right station.',
    'after-assault':
      'After a sexual assault, get medical care as soon as you can: medicine that prevents HIV (PEP) must start within 72 hours, best within 24, and emergency contraception works better the sooner it is taken (it can still help up to 5 days: ask the doctor). Every hospital, government or private, must treat you free.',
  },
  numbersFooter: 'All of them are on the Helplines page, which works offline: tap a number to call it or copy it.',
  quickNumbers:
    'Main numbers: 112 emergency · 181 women · 1098 child · 108 ambulance · 100 police · 1930 cyber crime · 14416 mental health · 139 railway.',
  inEnglish: '',
}
