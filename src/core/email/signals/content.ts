import { BRANDS, brandOf } from '../../domains/brands.js';
import type { PopularDomains } from '../../domains/popular.js';
import { LATIN_LOOKALIKE } from '../../domains/confusables.js';
import { FREEMAIL } from '../../domains/freemail.js';
import { isReader } from '../call-to-action.js';
import { LIST_TAG } from '../list-tag.js';
import { registrableDomain } from '../../domains/registrable.js';
import { DECISIVE_WEIGHT } from '../score.js';
import type { Indicator, MailAddress, ParsedEmail } from '../types.js';
import { indicator, type Signal } from './context.js';
import { hasFileAttached } from './attachments.js';
import { matchesOf } from '../../matches.js';
import { asRead, INVISIBLE } from '../as-read.js';

interface Family {
  id: string;
  weight: number;
  severity: Indicator['severity'];
  explanation: string;
  /** Whole-word phrases (phrases()), found by the one scan of phraseHits; or an expression of its own. */
  patterns: Phrases | RegExp;
}

/** A family's lower-case phrases: one alternation, matched only where a word starts and ends. */
interface Phrases {
  alternation: string;
}

/** Letters of the Latin scripts the phrases are written in, digits and _: what a word is made of. */
const WORD_CHAR = '[a-z0-9_\\u00c0-\\u024f]';

/**
 * One alternation of lower-case phrases that match whole words: a phrase must not start or end
 * inside a word (\b knows only ASCII letters, so it cannot end a phrase on "bloqué" or start one
 * on "última"). They are read from lower-cased text without the i and u flags: when each family
 * scanned the text on its own, case-insensitive Unicode matching cost about 40 µs a message and
 * this about 30 (phraseHits now reads them in one scan).
 */
function phrases(...alternatives: string[]): Phrases {
  return { alternation: `(?:${alternatives.join('|')})` };
}

/**
 * `words` (an urgency word) except where it is a security notice's advice: right after one of
 * `before` ("… your password immediately") or right before one of `after` ("immediately change
 * your password"). Each argument is an alternation of lower-case phrases.
 */
function unlessAdvice(words: string, before: string, after: string): string {
  return `(?<!(?:${before}) )(?:${words})(?! (?:${after}))`;
}

// Each family in English, German, French, Spanish, Portuguese, Dutch and Italian: the languages
// npm run eval reports, and Italian. The corpus holds almost no French, Spanish or Italian phishing,
// so the trained model has no words of theirs to weigh; these phrasings carry the same intent
// across languages, and the model learns each family's weight from the languages it has seen.
// The translations are the phrasings phishing and real account mail use, written from the lures,
// not learned from the corpus.
export const FAMILIES: readonly Family[] = [
  {
    // "Change your password immediately" or "take security precautions immediately", in a
    // security notice's "if this was not you", is the real service's advice, followed at its site
    // or your own device, not pressure towards a link: not counted (rules 2.33.0; written after
    // reading the Mastodon and allauth notices flagged with the link-domain count dropped).
    // Nor is a confidentiality disclaimer's "please notify the sender immediately" / "informieren
    // Sie bitte sofort den Absender" (rules 2.51.0): corporate mail carries one under every
    // message, and it asks the reader to tell the sender of a misdelivery, not to hurry.
    id: 'content.urgency',
    weight: 0.12,
    severity: 'medium',
    explanation: 'The message pushes you to act fast, a pressure tactic typical of phishing.',
    patterns: phrases(
      `urgent(?:ly)?|${unlessAdvice('immediately|right away|as soon as possible', 'password|security (?:precautions|measures)|(?:notify|inform|advise) the sender', '(?:change|reset) your password|take (?:\\w+ )?security (?:precautions|measures)|(?:notify|inform|advise) the sender')}|within (?:24|48|72) hours|act now|final (?:notice|warning|reminder)|last (?:chance|warning)|expires? (?:today|soon)|limited time`,
      `dringend|${unlessAdvice('sofort|umgehend|unverzüglich', 'passwort|kennwort', '(?:dein|ihr) (?:passwort|kennwort)|(?:\\S+ )?sicherheitsmaßnahmen|den absender')}|innerhalb (?:von )?(?:24|48|72) stunden|letzte (?:warnung|mahnung|erinnerung|chance)|läuft heute ab|so schnell wie möglich`,
      `urgente?|${unlessAdvice('immédiatement', 'mot de passe|mesures de sécurité', "(?:votre|ton) mot de passe|les mesures de sécurité|l[’']expéditeur")}|sans délai|(?:dans les|sous) (?:24|48|72) ?(?:heures|h)|dernier (?:avertissement|rappel)|dernière (?:chance|relance)|expire aujourd[’']hui|dès que possible`,
      `${unlessAdvice('inmediatamente|de inmediato', 'contraseña|(?:precauciones|medidas) de seguridad', '(?:su|tu) contraseña|las (?:\\S+ )?(?:precauciones|medidas) de seguridad|al remitente')}|en (?:las próximas )?(?:24|48|72) horas|último aviso|última (?:oportunidad|advertencia)|caduca hoy|lo antes posible`,
      `${unlessAdvice('imediatamente', 'senha|(?:precauções|medidas) de segurança', '(?:a )?(?:sua )?senha|as (?:\\S+ )?(?:precauções|medidas) de segurança|o remetente')}|(?:em|nas próximas) (?:24|48|72) horas|última (?:chance|oportunidade)|expira hoje|o mais rápido possível`,
      `${unlessAdvice('onmiddellijk', 'wachtwoord|(?:veiligheids|beveiligings)maatregelen|de afzender', '(?:uw|je) wachtwoord|(?:\\S+ )?(?:veiligheids|beveiligings)maatregelen')}|binnen (?:24|48|72) uur|laatste (?:waarschuwing|herinnering|kans|aanmaning)|verloopt vandaag|zo snel mogelijk`,
      `${unlessAdvice('immediatamente', 'password|misure di sicurezza', '(?:la )?(?:tua |sua )?password|le (?:\\S+ )?misure di sicurezza|il mittente')}|entro (?:24|48|72) ore|ultimo avviso|ultima (?:possibilità|occasione)|scade oggi|il prima possibile`,
    ),
  },
  {
    // An account "being", "may be" or "to be" restricted counts as one that is (rules 2.45.0):
    // "failure to do so may result in your account being restricted" (a Nazario bank lure that
    // scored 0 pasted). Counted over the corpus as this family reads it, both views (2026-11-28):
    // 1 Nazario and 3 earlier phishing-pot messages gain the signal, no later, legitimate or spam
    // one: a phrasing gap closed, not a measurable gain.
    // Portuguese "cancelado/cancelada" counts as a threat only as one to come ("será / pode ser /
    // vai ser cancelada", an adverb allowed: "será automaticamente cancelada") or said of an
    // account, card, access or plan (rules 2.78.1): bare, it read a mailing list's goodbye
    // ("Cancelada a inscrição", which the reader asked for) and an order's cancellation as
    // threats. The plural now counts too ("poderão ser cancelados"; the bare word never matched
    // it). Counted before (2026-12-06): the bare word is in 23 earlier and 12 later phishing
    // messages and no legitimate one. Diffed over the corpus, both views, shipped model: 8
    // earlier and 9 later phishing messages gain the signal (the plural), none loses it, and no
    // legitimate or spam message moves; none crosses 50.
    id: 'content.threat',
    weight: 0.18,
    severity: 'medium',
    explanation: 'The message threatens a loss (suspension, closure, legal action) unless you act.',
    patterns: phrases(
      'suspend(?:ed|ion)?|deactivat(?:e|ed|ion)|will be (?:closed|locked|terminated|deleted|blocked)|(?:account|access) (?:has been |is |will be |being |(?:may|might|could|would|will soon) be |to be )?(?:temporarily |permanently )?(?:locked|limited|restricted|blocked|disabled)|unauthori[sz]ed (?:access|activity|login|transaction)|unusual (?:sign-?in|activity)|legal action|penalt(?:y|ies)',
      'gesperrt|sperrung|(?:konto|zugang|zugriff|karte|account) (?:wurde |wird |ist )?(?:vorübergehend )?(?:deaktiviert|eingeschränkt)|(?:wird|werden) (?:gelöscht|geschlossen|gesperrt|deaktiviert|gekündigt)|ungewöhnliche aktivität(?:en)?|verdächtige aktivität(?:en)?|unbefugte[rn]? (?:zugriff|zugang|anmeldung)|rechtliche schritte',
      'suspension|(?:compte|accès|carte|abonnement) (?:a été |est |sera |va être )?(?:temporairement )?(?:suspendu|bloqué|restreint|désactivé|limité)e?|sera (?:supprimée?|fermée?|clôturée?|bloquée?|suspendue?|désactivée?|résiliée?)|activité (?:inhabituelle|suspecte)|accès non autorisé|poursuites judiciaires',
      '(?:ha|han) sido (?:temporalmente )?bloquead[oa]s?|(?:fue|fueron|será|serán|podrá|podrán|quedará|quedarán)(?: ser)? (?:temporalmente )?bloquead[oa]s?|bloquead[oa]s? (?:por|temporalmente)|suspensión|(?:cuenta|acceso|tarjeta|suscripción|pedido) (?:ha sido |está |será |queda )?(?:temporalmente )?(?:suspendid|restringid|desactivad|limitad|bloquead)[oa]|será (?:eliminad|cerrad|cancelad|suspendid|bloquead)[oa]|actividad (?:inusual|sospechosa)|acceso no autorizado|acciones legales',
      'suspens[ao]|(?:será|serão|poderá|poderão|pode|podem|vai|vão|ficará|ficarão)(?: ser)? (?:[a-zà-ú]+mente )?cancelad[oa]s?|(?:conta|acesso|cartão|cadastro|cpf|linha|plano|benefício)s? (?:foi |foram |está |estão )?(?:[a-zà-ú]+mente )?cancelad[oa]s?|(?:foi|foram|estão|será|serão|poderá|poderão|ficará|ficarão)(?: ser)? (?:taxad[oa] e |temporariamente |parcialmente )?bloquead[oa]s?|bloquead[oa]s? (?:pela|pelo|por|temporariamente)|(?:conta|acesso|cartão|assinatura|pedido|encomenda) (?:foi |está |será )?(?:temporariamente )?(?:restrit|desativad|limitad|bloquead)[oa]|será (?:excluíd|encerrad|suspens|bloquead)[oa]|atividade (?:incomum|suspeita)|acesso não autorizado|ação judicial',
      'geblokkeerd|opgeschort|(?:rekening|account|toegang|pas) (?:is |wordt )?(?:tijdelijk )?(?:beperkt|gedeactiveerd)|wordt (?:verwijderd|gesloten|geblokkeerd|opgeschort)|(?:ongebruikelijke|verdachte) activiteit(?:en)?|ongeautoriseerde toegang|juridische stappen',
      'sospensione|(?:account|conto|accesso|abbonamento) (?:è stato |è |verrà |sarà )?(?:temporaneamente )?(?:sospes|bloccat|limitat|disattivat)o|(?:carta|utenza) (?:è stata |è |verrà |sarà )?(?:temporaneamente )?(?:sospes|bloccat|limitat|disattivat)a|verrà (?:eliminat|chius|sospes|bloccat|disattivat)[oa]|attività (?:insolita|sospetta)|accesso non autorizzato|azioni legali',
    ),
  },
  {
    id: 'content.credential_request',
    weight: 0.3,
    severity: 'high',
    explanation: 'The message asks you to sign in, verify or confirm account details through a link.',
    patterns: phrases(
      '(?:verify|confirm|update|validate) your (?:[a-z0-9&.-]+ ){1,3}(?:account|identity|information|details|records)|verify your (?:account|identity|email|information|details)|confirm your (?:account|identity|password|details|information)|update your (?:account|billing|payment|information|details)|(?:enter|provide|re-?enter) your (?:password|credentials|login|pin|ssn)|validate your (?:account|mailbox|email)|(?:log|sign) ?in to (?:verify|confirm|restore|unlock)|restore (?:your )?(?:account|access)|mailbox (?:is )?(?:full|quota)|(?<!temporary )password (?:will )?expire|re-?activate your',
      'verifizieren sie|bestätigen sie ihre (?:identität|daten|angaben|kontodaten|zahlungsdaten)|bestätige deine (?:identität|daten|angaben|kontodaten|zahlungsdaten)|aktualisieren sie ihre (?:daten|angaben|kontodaten|zahlungsdaten|zahlungsinformationen)|aktualisiere deine (?:daten|angaben|kontodaten|zahlungsdaten|zahlungsinformationen)|(?:identität|konto) (?:bestätigen|verifizieren)|geben sie ihr (?:passwort|kennwort) ein|(?<!(?:temporäre|vorläufige)s? )(?:passwort|kennwort) läuft (?:heute |bald )?ab',
      '(?:confirmer|confirmez|vérifier|vérifiez|valider|validez) (?:votre|vos|mon|mes) (?:identité|compte|informations|coordonnées|données)|mettre à jour (?:votre|vos|mes) (?:informations|coordonnées|données|moyen de paiement)|mettez à jour (?:votre|vos) (?:informations|coordonnées|données|moyen de paiement)|saisissez votre mot de passe|mot de passe (?:expire|va expirer)',
      '(?:confirme|confirmar|verifique|verificar|valide|validar) (?:su|sus|tu|tus) (?:identidad|cuenta|datos|información)|(?:actualice|actualizar|actualiza) (?:sus|tus) datos|introduzca su contraseña|contraseña (?:caduca|expira|vence)',
      '(?:confirme|confirmar|verifique|verificar|valide|validar) (?:a )?(?:sua|seus|seu|os seus) (?:identidade|conta|dados|informações)|(?:atualize|atualizar) (?:os )?(?:seus|sua|seu) (?:dados|informações|cadastro)|verifique sua conta|senha (?:expira|vai expirar)',
      'bevestig uw|bevestig je (?:identiteit|gegevens|account)|verifieer (?:uw|je) (?:identiteit|account|gegevens)|werk (?:uw|je) (?:gegevens|betaalgegevens) bij|valideer (?:uw|je) (?:mailbox|account)|(?<!tijdelijke? )wachtwoord verloopt',
      '(?:conferma|confermare|verifica|verificare|convalida) (?:la tua|il tuo|i tuoi|la sua|il suo|i suoi) (?:identità|account|conto|dati)|aggiorna (?:i tuoi|i suoi) dati|password (?:scade|scadrà)',
    ),
  },
  {
    id: 'content.payment_request',
    weight: 0.2,
    severity: 'medium',
    explanation: 'The message asks for money, gift cards, crypto or bank details.',
    patterns: phrases(
      'gift ?cards?|itunes card|google play card|wire (?:transfer|the)|bank transfer|western union|moneygram|bitcoin|btc wallet|crypto ?wallet|send (?:me )?(?:the )?payment|outstanding (?:invoice|payment|balance)|overdue (?:invoice|payment)|pay (?:the )?(?:fee|fine)|refund (?:of|is) (?:pending|available)|claim your (?:refund|prize|reward)|you (?:have )?won(?![’\\x27]t)|lottery|inheritance|beneficiary|(?:eligible (?:to receive|for) an?|your) tax refund',
      '(?:gebühr|kosten) (?:bezahlen|begleichen)|offene (?:gebühr|zahlung|forderung)|steuerrückerstattung|anspruch auf (?:eine )?(?:rückerstattung|erstattung)',
      "payer (?:les |des |ces )?frais|(?:régler|réglez) (?:les |ces )?frais|frais (?:de livraison|d[’']expédition|de douane) (?:impayés|en attente)|remboursement d[’']impôts?|éligible à un remboursement",
      'pagar la tasa|tasa (?:de envío|pendiente|de aduana)|transferencia bancaria|devolución de impuestos|derecho a (?:una|la) devolución',
      'boleto|pix|transferência|fatura em aberto|pagar a taxa|taxa (?:de envio|em falta|alfandegária)|reembolso de (?:irs|impostos?)|direito a um reembolso',
      'betaal (?:de|deze) kosten|openstaande (?:kosten|betaling|factuur)|belastingteruggave|recht op een teruggave',
      'paga(?:re)? le spese|spese di spedizione (?:non pagate|in sospeso)|rimborso fiscale|diritto a un rimborso',
    ),
  },
  {
    // The webmail lures: mail held back until you "release" it, a password you may "keep" by
    // signing in, a mailbox to "upgrade" or about to be shut down. Textbook credential phishing
    // aimed at company and university mailboxes; the corpus has few (10 phishing-pot messages, no
    // legitimate one), so the rule is written from the lures themselves and is not learned.
    id: 'content.mailbox_lure',
    weight: 0.4,
    severity: 'high',
    explanation:
      'It uses a webmail lure: messages held back until you release them, a password you can "keep", a mailbox to upgrade or about to be closed.',
    patterns: phrases(
      '(?<!ignore (?:this|the) (?:message|e-?mail|mail|notice) and )(?:keep|retain|continue (?:with|using)) (?:the |your )?(?:same|current|old|existing) password|(?:\\d+|several|some|your) (?:new )?(?:pending|undelivered|held|queued|blocked) (?:e-?mails?|messages|mails)|(?:messages|e-?mails|mails) (?:are|were|have been|has been) (?:pending|on hold|held|undelivered|queued|not delivered|suspended|blocked)|(?:upgrade|increase|expand) (?:your )?(?:mailbox|e-?mail storage|storage quota|mailbox quota|e-?mail quota)|(?:mailbox|e-?mail account|webmail(?: account)?) (?:will be|has been|is scheduled to be|is due to be) (?:deactivated|shut ?down|terminated|disabled|deleted|closed|suspended)|release (?:your |the )?(?:pending|held|blocked|undelivered) (?:messages|e-?mails|mails)',
      '(?:aktuelles|bisheriges|gleiches) (?:passwort|kennwort) (?:zu )?behalten|(?:nachrichten|e-mails|mails) (?:werden |wurden )?(?:zurückgehalten|nicht zugestellt)|postfach (?:ist )?(?:voll|überfüllt)|(?:speicher(?:platz)?|postfach) (?:erweitern|vergrößern)|postfach (?:bestätigen|validieren|verifizieren)',
      'conserver (?:mon|votre) (?:mot de passe|mdp)|messages (?:entrants )?(?:sont |ont été )?(?:en attente|bloqués|retenus)|boîte (?:aux lettres |mail )?(?:est )?(?:pleine|saturée)|(?:valider|validez) (?:ma|votre) boîte|augmenter (?:votre |mon )?(?:espace|stockage)',
      'conservar (?:su|tu) contraseña|mensajes (?:entrantes )?(?:están |han sido )?(?:retenidos|bloqueados|pendientes)|buzón (?:está )?lleno|(?:validar|valide|valida) (?:su |tu )?buzón|ampliar (?:su |tu )?(?:espacio|almacenamiento)',
      'manter (?:a )?(?:sua )?senha atual|mensagens (?:recebidas )?(?:estão |foram )?(?:retidas|bloqueadas|pendentes)|caixa (?:de correio |postal )?(?:está )?(?:cheia|lotada)|(?:validar|valide) (?:a )?(?:sua )?caixa|aumentar (?:o )?(?:seu )?(?:espaço|armazenamento)',
      'huidige wachtwoord (?:te )?(?:behouden|houden)|berichten (?:worden |zijn )?(?:vastgehouden|geblokkeerd|niet afgeleverd)|mailbox (?:is )?vol|(?:mailbox valideren|valideer (?:uw|je) mailbox)|opslag(?:ruimte)? vergroten',
      'mantenere la (?:tua )?password attuale|mantieni la (?:tua )?password attuale|messaggi (?:in arrivo )?(?:sono )?(?:trattenuti|bloccati|in sospeso)|casella (?:di posta )?(?:è )?piena|convalida (?:la tua )?casella|aumentare lo spazio',
    ),
  },
  {
    // A message that vouches for itself: "This message is from a trusted sender." is what Outlook
    // shows above a message from a sender on the reader's safe list, outside the message; written
    // inside it (rules 2.80.0) it is the sender's own claim, copied to borrow that authority. The
    // honeypot's parcel and account lures carry it in English (Dutch and German lures too),
    // French and Spanish ("-Ce message a été envoyé par un expéditeur fiable. LaPoste.fr", "-Este
    // mensaje fue enviado por un remitente de confianza. GLS Track&trace"); the other languages
    // are written the same way. Counted over the corpus (2026-12-07), both views: 96 earlier and
    // 22 later phishing messages, no legitimate or spam one. A trusted sender is one ("a", "un",
    // "einem", "een"): "add us to your trusted senders", a newsletter's request, is not matched.
    // Honeypot-only, so it is a rule (features.ts), not learned.
    id: 'content.trusted_sender_claim',
    weight: 0.4,
    severity: 'medium',
    explanation:
      'The message says of itself that it comes from a trusted or verified sender. Mail clients show such notes outside a message; written inside it, the line is the sender\u2019s own claim, made to lower your guard.',
    patterns: phrases(
      'this (?:message|e-?mail|mail) (?:is|was|has been) (?:sent )?(?:to \\S+ )?(?:from|by) a (?:trusted|verified) sender',
      'diese (?:nachricht|e-?mail|mail) (?:wurde|ist|stammt|kommt) von einem (?:vertrauenswürdigen|verifizierten) absender',
      "ce (?:message|courriel|mail|e-?mail) (?:a été envoyé|est envoyé|provient) (?:par |d[’'] ?|de )un expéditeur (?:de confiance|fiable|vérifié|certifié)",
      'este (?:mensaje|correo(?: electrónico)?) (?:(?:fue|ha sido|es) enviado (?:por|desde)|proviene de) un remitente (?:de confianza|confiable|verificado)',
      'esta (?:mensagem|e-?mail) (?:foi enviada|é enviada|vem) (?:por|de) um remetente (?:confiável|de confiança|verificado)',
      'dit (?:bericht|e-?mailbericht|e-?mail) (?:is|werd) (?:verzonden |verstuurd )?(?:door|van) een (?:vertrouwde|geverifieerde) afzender',
      'questo (?:messaggio|e-?mail) (?:è stato inviato|proviene) da un mittente (?:attendibile|fidato|verificato)',
    ),
  },
  {
    // Crypto-wallet drainers: a wallet to connect, verify, sync or restore, a recovery phrase to
    // type, an airdrop or tokens to claim. Written from the lures; the corpus has them in the
    // honeypot's mail alone (rules 2.23.0: 159 earlier and 35 later phishing messages, no
    // legitimate or spam message, so the rule is not learned). "Never share your recovery
    // phrase", a real exchange's warning, asks for nothing and is not matched; nor are "update"
    // or "secure your wallet", what a real wallet app's notice says too (32 more lures).
    id: 'content.wallet_lure',
    weight: 0.3,
    severity: 'high',
    explanation:
      'It asks you to connect, verify or restore a crypto wallet, type its recovery phrase, or claim an airdrop or tokens: how wallet drainers take the funds.',
    patterns: phrases(
      '(?:enter|provide|import|submit|confirm|verify|type|input) (?:your |the )?(?:\\S+ )?(?:seed|recovery|secret|mnemonic) (?:phrase|words)|connect (?:your )?(?:\\S+ )?wallet|(?:validate|verify|synchroni[sz]e|sync|restore|rectify|migrate|reactivate) (?:your )?(?:\\S+ )?wallet|wallet (?:validation|verification|synchroni[sz]ation|sync|migration|upgrade)|claim (?:your )?(?:\\S+ )?(?:airdrop|tokens)|(?:eligible|qualif[a-z]*) (?:for )?(?:the |an |a |this )?(?:\\S+ )?airdrop|airdrop (?:is )?(?:live|claim|allocation|eligib[a-z]*|reward)',
      '(?:wallet|krypto-?wallet) (?:verifizieren|bestätigen|synchronisieren|wiederherstellen)|(?:seed|wiederherstellungs)-?phrase (?:eingeben|bestätigen)',
      '(?:vérifiez|validez|synchronisez|connectez|restaurez) votre portefeuille|(?:saisissez|entrez|confirmez) votre phrase de (?:récupération|secours)',
      '(?:verifique|valide|sincronice|conecte|restaure) su (?:billetera|cartera|wallet)|(?:introduzca|ingrese|confirme) su frase (?:semilla|de recuperación)',
      '(?:verifique|valide|sincronize|conecte|restaure) (?:a )?(?:sua )?(?:carteira|wallet)|(?:insira|digite|confirme) (?:a )?(?:sua )?frase (?:semente|de recuperação)',
      '(?:verifieer|valideer|synchroniseer|koppel|herstel) (?:uw|je) wallet|(?:voer|vul) (?:uw|je) herstelzin',
    ),
  },
  {
    // Online-casino bait: free spins, a bonus with no deposit. Rules 2.43.0, written after reading
    // the forward split's misses (three copies of "200 Freispiele gratis – keine Einzahlung
    // nötig!" at 48); narrowed in 2.43.1. Counted over the corpus, both views (2026-11-28): 95
    // earlier and 43 later phishing-pot messages, no legitimate or spam message. A deposit is
    // named only beside a bonus: "no deposit required" alone is a hotel's or a landlord's, and
    // "giros gratis" a free money transfer, "tours gratuits" a city's free tours. A licensed
    // casino's own offers say the same, so it is a signal of 0.3, not decisive: it tips a message
    // the model already doubts, and alone makes a score of 30 (LOW).
    id: 'content.casino_bonus',
    weight: 0.3,
    severity: 'medium',
    explanation:
      'It offers casino free spins or a bonus with no deposit: the bait of gambling scams and unlicensed casinos.',
    patterns: phrases(
      'free spins|bonus spins|no[- ]deposit bonus|casino[ -]?bonus',
      'freispiele|bonus ohne einzahlung',
      'bonus sans dépôt',
      'tiradas gratis|bono sin depósito',
      'rodadas grátis|b[ôó]nus sem depósito',
      'gratis spins|bonus zonder storting',
      'giri gratis|bonus senza deposito',
    ),
  },
  {
    // Prize and giveaway bait, in the languages the rest covers. Measured on the corpus before
    // 2025-07: 295 of 6,309 phishing-pot messages, 3 of about 21,000 legitimate ones. Rules
    // 2.79.0 added the French and German forms the honeypot's lures use ("vous êtes sélectionné
    // en tant que gagnant", "votre bon d'achat … est prêt", "Sie sind einer unserer Finalisten",
    // "Belohnung steht noch aus"), each with its object so that being chosen for a role or a
    // trial is not read as a prize; the bare "vous avez été sélectionné" went. 2.79.1 left out
    // what also names a price or a premium ("votre prix … est prêt", "Prämie steht noch aus",
    // an insurer's reminder; "Fordern Sie Ihre Prämie an", a loyalty scheme's). 61 earlier and 3
    // later phishing messages gained the signal, no legitimate or spam message, none lost it.
    id: 'content.prize',
    weight: 0.15,
    severity: 'medium',
    explanation:
      'The message says you have won or been chosen for a prize, reward or gift: the bait of prize scams.',
    patterns:
      /\b(you(?:'ve| have)? been (?:selected|chosen)|you(?:'re| are) (?:our|a) (?:lucky )?winner|(?:claim|collect|redeem) your (?:prize|reward|gift|winnings|bonus)|your (?:reward|prize|gift) (?:is )?(?:waiting|ready|pending)|(?:free|exclusive) (?:gift|reward) (?:for you|waiting)|congratulations,? you(?:'ve| have)? won|sie (?:wurden|sind) (?:als )?(?:gewinner|ausgewählt)|(?:ihre?|deine?|euer) [a-zäöüß-]{0,20}(?:belohnung|gewinn|prämie|bonus|geschenk|preis) (?:wartet|ist bereit|liegt bereit|steht bereit)|(?:ihr|dein)e? [\w€$' -]{0,30}gutschein (?:ist|wartet) (?:bereit|auf)|kundengeschenk|gewinnspiel|sie haben gewonnen|u (?:bent (?:geselecteerd|uitgekozen|gekozen)|heeft gewonnen)|(?:wij|we) verloten|kans op (?:prijzen|een|de)|win (?:een|nu een)|cadeaukaart(?:en)? (?:van|t\.w\.v\.)|vous avez gagné|votre (?:cadeau|récompense) (?:vous attend|est prêt)|vous (?:avez été|êtes) (?:sélectionné|choisi)(?:e|\(e\))?s? (?:pour (?:recevoir|gagner|obtenir|participer|une? )|(?:comme|en tant que) (?:gagnante?|heureux|heureuse|finaliste)|parmi)|félicitations[ ,!.]*vous avez été (?:sélectionné|choisi)|(?:réclamez|récupérez) (?:votre|vos) (?:prix|cadeaux?|récompenses?|lots?|gains?)|votre (?:bon d['’]achat|carte[- ]cadeau|gain)[^.!\n]{0,30}(?:est prêt|vous attend|est en attente)|gagnante? potentiel|ihr name wurde [^.\n]{0,40}ausgewählt|(?:sie sind|du bist) (?:einer|eine) unserer [^.\n]{0,30}(?:finalisten|gewinner)|(?:belohnung|gewinn) steht (?:noch )?aus|beanspruchen sie ihre?n? (?:belohnung|preis|gewinn)|claim (?:uw|je) (?:prijs|beloning|cadeau)|(?:uw|je) (?:beloning|prijs|cadeau) (?:wacht|staat klaar|ligt klaar)|você (?:foi selecionad[oa]|ganhou)|seu (?:prêmio|presente) (?:está|te espera)|has (?:sido seleccionad[oa]|ganado)|tu premio te espera)(?![a-z0-9\u00c0-\u024f])/gi,
  },
  {
    id: 'content.generic_greeting',
    weight: 0.08,
    severity: 'low',
    explanation: 'It greets you generically ("Dear customer") instead of by name.',
    patterns: phrases(
      'dear (?:customer|client|user|member|account ?holder|valued (?:customer|member|client)|sir(?:/| or )madam|beneficiary|friend|e-?mail user|webmail user|taxpayer)|hello (?:customer|user)',
      'sehr geehrter? (?:kunde|kundin|steuerzahler|steuerzahlerin|nutzer|nutzerin)|(?:lieber kunde|liebe kundin)',
      'cher client|chère cliente|cher contribuable|cher utilisateur',
      'estimad[oa] (?:cliente|contribuyente|usuario)',
      'prezad[oa] client[ea]|car[oa] (?:cliente|contribuinte|utilizador)|prezado contribuinte',
      'geachte (?:klant|belastingbetaler|gebruiker)|beste klant',
      'gentile (?:cliente|contribuente|utente)',
    ),
  },
];

const isPhrases = (p: Phrases | RegExp): p is Phrases => !(p instanceof RegExp);
/** The phrase families' alternations, in FAMILIES's order. */
const PHRASED = FAMILIES.flatMap((f) => (isPhrases(f.patterns) ? [f.patterns.alternation] : []));
/** Each phrase family's alternation, matched at a position already known to start a word. */
const PHRASES_HERE = PHRASED.map((a) => new RegExp(`${a}(?!${WORD_CHAR})`, 'y'));
/**
 * Where some family's phrase starts: one scan of the text for all the phrase families. Seven
 * scans, one a family, took 73 µs a message of the dev corpus; this one and the families' own
 * expressions where it stops (about one phrase start for every four messages) take 31.
 */
const ANY_PHRASE = new RegExp(`(?<!${WORD_CHAR})(?=(?:${PHRASED.join('|')})(?!${WORD_CHAR}))`, 'g');

/**
 * Each phrase family's matches in lower-case text, as a global scan of that family alone would
 * find them (leftmost first, none starting inside the family's previous match), from one scan
 * for all: a family's phrase can only start where ANY_PHRASE stops. In FAMILIES's order, the
 * families with an expression of their own left out.
 */
export function phraseHits(lower: string): string[][] {
  const hits: string[][] = PHRASED.map(() => []);
  const free = PHRASED.map(() => 0); // where each family's next match may start
  for (const at of matchesOf(ANY_PHRASE, lower))
    for (let k = 0; k < PHRASED.length; k++) {
      if (at.index < free[k]!) continue;
      const here = PHRASES_HERE[k]!;
      here.lastIndex = at.index;
      const m = here.exec(lower);
      if (!m) continue;
      hits[k]!.push(m[0]);
      free[k] = at.index + m[0].length;
    }
  return hits;
}

/**
 * Advance-fee fraud ("419"): a windfall (a donation, inheritance or fund of a million or more,
 * or a "large sum") offered to a stranger, who is asked to get in touch. Its call to action is
 * the reply itself, so it often carries no link or attachment at all.
 */
const CURRENCY_WORD = String.raw`(?:(?:us |united states |american )?dollars?|usd|euros?|eur|pounds|gbp|dólares|reais)`;
export const MILLIONS = new RegExp(
  [
    // $18,000,000 · US$ 3.500.000,00 · € 8,199,430.00
    String.raw`(?:us\s?\$|usd|\$|€|eur|£|gbp|r\$)\s?\d{1,3}(?:[.,\s]\d{3}){2,}`,
    // 8,199,430.00 euros
    String.raw`\b\d{1,3}(?:[.,\s]\d{3}){2,}(?:[.,]\d{2})?\s?${CURRENCY_WORD}\b`,
    // $21.4 million · { $ 15, million, united state dollars } · € 4 Mio (rules 2.60.0 and 2.60.1)
    String.raw`(?:us\s?\$|\$|€|£)\s?\d+(?:[.,]\d+)?[\s,]{0,3}(?:million|mio|m)\b`,
    // 15.5 million dollars · five million us dollars · dois milhões de dólares
    String.raw`\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundred|dois|três|cinco|dez)[\s-]?(?:million|millones|milh(?:ão|ões)|miljoen|millionen)\s(?:de\s)?${CURRENCY_WORD}\b`,
    // 3.8 Mio. Euro · 2,5 mio €: German writes a million as "Mio." (rules 2.60.0)
    String.raw`\b\d+(?:[.,]\d+)?\s?mio\.?\s?(?:€|£|\$|${CURRENCY_WORD}\b)`,
  ].join('|'),
  'i',
);
/**
 * What every MILLIONS match holds: three groups of digits, a currency sign before a digit, the
 * start of a word for million, or a digit before "mio" (not Italian's "il mio"). One message in
 * six of the dev corpus has one; testing for it takes about 2 µs a message, MILLIONS itself 13.
 */
export const MILLIONS_HINT = /\d[.,\s]\d{3}[.,\s]\d{3}|[$€£]\s?\d|mil[lhj]|\d\s?mio\b/i;
const WINDFALL_TOPIC =
  /\b(?:donat(?:e|ed|ion|ing)|inherit(?:ed|ance)?|beneficiary|next of kin|(?:deposit|trust|investment|charity) fund|consignment|compensation|charity|orphanage|late (?:husband|father|client)|unclaimed (?:funds?|sum|amount|inheritance)|doa(?:ção|cao|dor)|heran(?:ça|ca)|herdei|benefici[aá]ri[oa]s?|indeniza(?:ção|cao)|donaci[oó]n|herencia|indemnizaci[oó]n|spenden?|gespendet|erbschaft|nachlass|begünstigte[rn]?|nicht (?:eingeforderte[nr]?|beanspruchte[nr]?) (?:betrag|summe|gelder|fonds)|héritage|bénéficiaire|indemnisation|fonds non réclamés|erfenis|begunstigde|donatie)\b/i;
const LARGE_SUM =
  /\b(?:(?:huge|large|substantial|considerable|reasonable|certain) (?:sum|amount) of (?:money|funds)|quantia (?:razoável|considerável|substancial)|gran suma de dinero)\b/i;
/** Asked to write back to a person, not to a help desk ("contact us" alone is every footer). */
const GET_IN_TOUCH =
  /\b(?:contact (?:me|him|her|my|mr|mrs|dr|barrister|the (?:bank|lawyer|attorney|agent|barrister|foundation|director))|(?:reply|respond|write|e-?mail) (?:to )?me|reply (?:back|urgently|immediately|with)|get back to me|send (?:me )?your (?:full )?(?:name|details|address|phone|information|data)|contact [a-z]+ [a-z]+ (?:via |by |on )?e-?mail|reply (?:directly|to this (?:e-?mail|message))|(?:receive|await|awaiting|expect|expecting) your (?:urgent|immediate|prompt|quick|swift|positive) (?:response|reply)|entre em contato comigo|entrar em contato comigo|entre em contato com (?:o banco|a gerência|o advogado|o agente)|me responda|responda-me|me escreva|escreva-me|cont(?:ac)?te-me|cont[aá]ct(?:e|a)me|póngase en contacto conmigo|respóndame|env[ií]e(?:me)? sus? (?:nombre|datos)|kontaktieren sie mich|mich zu kontaktieren|antworten sie mir|senden sie (?:mir )?ihre [^.]{0,20}?(?:namen|daten|adresse|angaben)|contactez-moi|répondez-moi|envoyez-moi vos|neem contact met mij op|stuur (?:mij )?uw (?:naam|gegevens))\b/i;

/**
 * "For more information about your donation, contact: someone@gmail.com": a contact word and,
 * right after it, a free-mail address. The windfall's sender is a person to write to, not an
 * organisation's desk, whatever language the contact word is in. Bare "email" is no contact word
 * ("This email was sent to you@gmail.com" ends every newsletter), and the reader's own address
 * is no contact. Counted on the corpus (rules 2.9.12): the advance-fee rule then matches 81
 * earlier and 11 later phishing messages (64 and 9 before) and one or two more spam messages;
 * no more legitimate ones, full or pasted.
 */
const CONTACT_FREEMAIL =
  /(?<![\p{L}\p{N}])(?:(?:contact|contat[eo]|contatt|kontakt|escrev|escrib|écri|schreib|respond|répond|antwort)\p{L}*|write|reply|e-?mail\s*:)[^@\n]{0,30}?([\w.+-]+@([\w-]+(?:\.[\w-]+)+))/giu;

function contactsFreemail(haystack: string, readers: readonly MailAddress[]): string | undefined {
  for (const m of matchesOf(CONTACT_FREEMAIL, haystack))
    if (FREEMAIL.has((m[2] ?? '').toLowerCase()) && !isReader(readers, m[1] ?? '')) return m[0];
  return undefined;
}

/**
 * A free-mail Reply-To on another domain than the sender's: where the answers to a letter go,
 * as good a way back as "contact me at …@gmail.com" in its text ("Re: Donación de $2,000,000.00",
 * one line asking whether you got the previous mail, sent from a hijacked government mailbox with
 * Reply-To a Gmail address). Not a list post's: list software sends as the list and sets Reply-To
 * to the poster. Counted on the corpus (rules 2.13.0): the advance-fee rule then matches 101
 * earlier and 13 later phishing messages as full mail (81 and 11 before); no legitimate or spam
 * message more. Pasted text shows no Reply-To, so pasted mail is unchanged. The amount is still
 * required: a small charity's newsletter may well name a donation and take replies at Gmail.
 */
function freemailReplyTo(email: ParsedEmail, senderDomain: string | null): string | undefined {
  if (LIST_TAG.test(email.subject)) return undefined;
  for (const r of email.replyTo) {
    const domain = registrableDomain(r.address);
    if (domain && domain !== senderDomain && FREEMAIL.has(domain)) return `Reply-To: ${r.address}`;
  }
  return undefined;
}

/**
 * `readers`: the recipients (E-mail: you@gmail.com under a receipt names the reader, no contact);
 * `replyRoute`: a free-mail Reply-To elsewhere (freemailReplyTo), the letter's way back when its text gives none.
 */
function advanceFee(
  haystack: string,
  readers: readonly MailAddress[],
  replyRoute: string | undefined,
): Indicator | null {
  // Not global: the first match of each is the evidence, so each scan stops there.
  const amount =
    (MILLIONS_HINT.test(haystack) ? MILLIONS.exec(haystack)?.[0] : undefined) ??
    LARGE_SUM.exec(haystack)?.[0];
  if (!amount) return null;
  const topic = WINDFALL_TOPIC.exec(haystack)?.[0];
  if (!topic) return null;
  const written = GET_IN_TOUCH.exec(haystack)?.[0] ?? contactsFreemail(haystack, readers);
  // A phrase of the letter is quoted; a Reply-To header is named as the header it is.
  const contact = written !== undefined ? quoted(written) : replyRoute;
  if (!contact) return null;
  return indicator({
    id: 'content.advance_fee',
    family: 'content',
    severity: 'high',
    // Scored as a rule, not learned (features.ts), and decisive: a 419 letter reads like a
    // person's note (at 0.45 two later ones pasted stayed at 46 and 47). 3 of 23,951 legitimate
    // messages match: two a 419 letter posted to a mailing list, one a list digest quoting one.
    weight: DECISIVE_WEIGHT,
    explanation:
      'The message offers you a large sum (a donation, inheritance or fund) and asks you to get in touch: the pattern of advance-fee fraud.',
    evidence: [quoted(amount), quoted(topic), contact],
  });
}

/**
 * What spam has sold for twenty years: prescription pills and penny stocks ("Sym: UTEV Current
 * price: $0.008, 1 day target price $.06, strong buy"). Junk, not phishing: the indicator weighs
 * nothing, and analyze.ts reads it as bulk mail (SAFE lifted to LOW). Counted over the corpus:
 * 837 of 3,458 TREC spam, 102 of 1,894 SpamAssassin spam, 50 phishing, and 26 of 23,951
 * legitimate messages (news items and list threads about spam, ads inside newsletters).
 */
const SPAM_PILLS =
  /\b(?:v[i1!|]agra|c[i1!|]al[i1!|]s|levitra|valium|xanax|vicodin|phentermine|penis|erectile|online pharmacy|canadian ?pharmacy|appetite suppressant|h[o0]{2}dia)\b/i;
const SPAM_STOCK =
  /\b(?:(?:1|one|2|two|3|three|5|five)[ -]days? target(?: price)?|target price\s*:|strong buy\b|aggres+ive buy\b|insider buying\b|s\.?y\.?m(?:b[o0]l)?\s*:\s*[a-z]{3,5}\b|current price\s*:\s*\$)/i;

function spamPitch(haystack: string): Indicator | null {
  const hits = [SPAM_PILLS.exec(haystack)?.[0], SPAM_STOCK.exec(haystack)?.[0]].filter(
    (h): h is string => h !== undefined,
  );
  if (hits.length === 0) return null;
  return indicator({
    id: 'content.spam_pitch',
    family: 'content',
    severity: 'low',
    weight: 0,
    explanation: 'It pitches what spam sells (prescription pills, penny stocks): junk rather than phishing.',
    evidence: hits.map(quoted),
  });
}

/**
 * A cryptocurrency address to send money to: a Bitcoin (legacy or bech32), Ethereum-style, Tron
 * or Solana address in the text, with a word about paying, sending, a wallet or a coin near it
 * (ABOUT_COINS).
 * Money sent there cannot be called back, and it is what sextortion, fake presales and giveaways
 * ask for, often with no link at all ("To reserve your $TESLA tokens, send SOL to the official
 * Pre-sale Address: DdVkfk…", held at 39 as mail that asks for nothing until rules 2.77.0;
 * found reading the inner forward split's misses). Read only in mail that names a coin or a
 * wallet somewhere (NAMES_COINS). A base58 address mixes both cases and digits;
 * one inside base64 or a URL (a PGP signature, a token) is not read. Over the corpus (rules
 * 2.77.0, both views): 15 earlier and 1 later phishing messages, no legitimate and no spam
 * message; the scores of phishing messages alone moved. Without the nearby word, PGP signatures,
 * Message-IDs and tracking codes in legitimate and spam mail read as addresses (a first count),
 * so the word is required.
 */
const B58 = '[1-9A-HJ-NP-Za-km-z]';
const CRYPTO_ADDRESS = new RegExp(
  `(?<![\\w/.=?&+-])(?:bc1[ac-hj-np-z02-9]{25,71}|0x[0-9a-fA-F]{40}|[13T]${B58}{25,34}|${B58}{32,44})(?![\\w/.+=-])`,
  'g',
);
/** Coins and the standards their tokens follow, as a mail names them (lower case). */
const COINS =
  'btc|bitcoin|eth|ethereum|usdt|tether|sol|solana|trx|tron|trc-?20|erc-?20|bep-?20|crypto\\w*|krypto\\w*|cripto\\w*';
/**
 * The words an address to pay to stands beside. Not "token": an account mail's sign-in or API
 * token, written out beside the word, can look like a base58 address.
 */
const ABOUT_COINS = new RegExp(
  `\\b(?:wallet|address|adresse|endereço|dirección|adres|indirizzo|send\\w*|transfer\\w*|deposit\\w*|pay\\w*|${COINS})\\b`,
  'i',
);
/**
 * A coin or a wallet named anywhere (lower-case text): the addresses are looked for only then.
 * 94 of the 4,417 dev messages name one; reading every text for addresses cost 15 µs a message,
 * this test and the few addresses it lets through about 8.
 */
const NAMES_COINS = new RegExp(`\\b(?:${COINS}|wallet|coins?|tokens?)\\b`);

function cryptoAddress(haystack: string, lower: string): Indicator | null {
  if (!NAMES_COINS.test(lower)) return null;
  for (const m of matchesOf(CRYPTO_ADDRESS, haystack)) {
    const address = m[0];
    const at = m.index ?? 0;
    const plain = !/^(?:0x|bc1)/.test(address);
    if (plain && !(/[a-z]/.test(address) && /[A-Z]/.test(address) && /\d/.test(address))) continue;
    const near = ABOUT_COINS.exec(haystack.slice(Math.max(0, at - 120), at + address.length + 40));
    if (!near) continue;
    return indicator({
      id: 'content.crypto_address',
      family: 'content',
      severity: 'medium',
      weight: 0.25,
      explanation:
        'It gives a cryptocurrency address to send money to: a payment that cannot be traced or called back, what sextortion, fake investments and giveaways ask for.',
      evidence: [address, quoted(near[0])],
    });
  }
  return null;
}

/**
 * Each run of whitespace as one space. A lone space is left alone rather than replaced by itself:
 * the same text as s.replace(/\s+/g, ' '), 2-5 µs a message sooner on the dev corpus.
 */
export const oneLine = (s: string) => s.replace(/\s{2,}|[^\S ]/g, ' ');
/** A matched phrase as evidence: lower case, on one line, in quotes. */
const quoted = (h: string) => `"${oneLine(h.toLowerCase())}"`;

/** Language and markup patterns in the subject and visible body. */
export const contentSignals: Signal = ({ email, senderDomain, popular }) => {
  const out: Indicator[] = [];
  // Whitespace runs read as one space, so a phrase wrapped across lines ("your urgent\nresponse",
  // plain text at 72 columns) still matches; the subject stays apart from the body.
  const haystack = asRead(`${oneLine(email.subject)}\n${oneLine(email.text.slice(0, 50_000))}`);
  const lower = haystack.toLowerCase();
  const phrased = phraseHits(lower);
  let k = 0;
  for (const f of FAMILIES) {
    const found = isPhrases(f.patterns) ? phrased[k++]! : [...matchesOf(f.patterns, lower)].map((m) => m[0]);
    const hits = [...new Set(found)];
    if (hits.length === 0) continue;
    out.push(
      indicator({
        id: f.id,
        family: 'content',
        severity: f.severity,
        weight: Math.min(f.weight * (1 + 0.25 * (hits.length - 1)), f.weight * 1.75),
        explanation: f.explanation,
        evidence: hits.slice(0, 5).map((h) => `"${h}"`),
      }),
    );
  }
  const fee = advanceFee(haystack, email.to, freemailReplyTo(email, senderDomain));
  if (fee) out.push(fee);
  const pitch = spamPitch(haystack);
  if (pitch) out.push(pitch);
  const coins = cryptoAddress(haystack, lower);
  if (coins) out.push(coins);
  const fund = trainingFundSolicitation(haystack, senderDomain);
  if (fund) out.push(fund);
  const notice = strangerNotice(haystack, email, senderDomain, popular);
  if (notice) out.push(notice);
  const image = imageOnly(email);
  if (image) out.push(image);
  const disguised = obfuscatedWords(email.subject, email.text);
  if (disguised.length > 0) {
    out.push(
      indicator({
        id: 'content.obfuscated_text',
        family: 'content',
        severity: 'high',
        weight: 0.25,
        explanation:
          'Words are disguised with look-alike or invisible characters (mathematical letters, small capitals, Cyrillic or Greek letters among Latin ones, a lower-case l for a capital I or a capital I for an l, zero-width characters inside a word), a trick to slip past filters.',
        evidence: disguised.map((w) => `"${w}"`),
      }),
    );
  }
  // Hidden words the reader does not otherwise see (html.ts leaves out preheaders, spacers,
  // responsive copies and button rows): what filter evasion looks like.
  if (email.hiddenText.length > 0) {
    out.push(
      indicator({
        id: 'content.hidden_text',
        family: 'content',
        severity: 'medium',
        weight: 0.15,
        explanation: 'The HTML hides text from the reader, often to fool filters.',
        evidence: email.hiddenText.slice(0, 3).map((t) => t.slice(0, 200)),
      }),
    );
  }
  // A screen and more of nothing: what follows is kept out of sight (filler text for filters,
  // a copied newsletter under a picture lure). Rules 2.9.15: 27 earlier and 10 later phishing
  // messages, no spam and no legitimate message of the corpus. Decisive since rules 2.41.0: the
  // filler is written to make the rest read as ordinary mail (a government site's page, a
  // political newsletter), and at 0.4 it did so for 2 of the 10 later messages (43 and 40).
  if (email.tallestBlank > 0) {
    out.push(
      indicator({
        id: 'content.tall_blank',
        family: 'content',
        severity: 'medium',
        weight: DECISIVE_WEIGHT,
        explanation:
          'The HTML holds a blank block taller than a screen, which pushes whatever follows out of sight: a way to hide filler text meant for filters, not for you.',
        evidence: [`a blank block ${email.tallestBlank} px tall`],
      }),
    );
  }
  // A first line pushed a screen or more to the left: the text is out of sight, or a picture lure
  // drawn as a link's background stands in for it. Rules 2.24.0: 95 later phishing messages (from
  // 2025-07 on), no earlier one (one sets the indent in a style sheet, which this does not read),
  // no spam or legitimate message of the corpus. Found reading the later phishing the engine
  // missed, and not learned: with no earlier message there is nothing to learn it from.
  if (email.farIndent > 0) {
    out.push(
      indicator({
        id: 'content.offscreen_indent',
        family: 'content',
        severity: 'medium',
        weight: 0.4,
        explanation:
          'The HTML moves a line of text a screen or more to the left, out of sight: a way to hide text from you, or to show a picture in its place, while filters read the text.',
        evidence: [`text moved ${email.farIndent} px to the left`],
      }),
    );
  }
  if (email.scriptCount > 0) {
    out.push(
      indicator({
        id: 'content.script',
        family: 'content',
        severity: 'high',
        weight: 0.3,
        explanation: 'The message carries script code; legitimate mail never needs it.',
        evidence: [`${email.scriptCount} <script> element(s)`],
      }),
    );
  }
  if (email.forms.some((f) => f.hasPassword)) {
    out.push(
      indicator({
        id: 'content.password_form',
        family: 'content',
        severity: 'critical',
        weight: 0.6,
        explanation:
          'The message itself contains a password field: no real service asks for a password inside an e-mail.',
        evidence: email.forms.filter((f) => f.hasPassword).map((f) => `form action="${f.action}"`),
      }),
    );
  }
  return out;
};

/**
 * France's training fund (the CPF, compte personnel de formation) as bait: "vérifiez vos droits
 * CPF", "vos crédits CPF peuvent financer votre formation à 100 %", from anyone but the state's
 * own service (moncompteformation.gouv.fr, run by the Caisse des Dépôts). Canvassing CPF holders
 * has been unlawful in France since 2022 (loi n° 2022-1587), so such mail is a scam whatever its
 * wording. A Brazilian "CPF" (a tax number) is not this: the hook is the reader's training rights.
 */
const CPF = /\bCPF\b|\bcompte personnel de formation\b|\bmon ?compte ?formation\b/i;
const CPF_HOOK =
  /\b(?:vos|votre|tes|ton|des|les)\s+(?:droits?|crédits?|solde|heures|financement|euros)\b[^.\n]{0,40}(?:\bCPF\b|\bformation\b)|\bfinancée?s?\s+(?:à\s+100\s*%\s+)?par\s+(?:le|votre|ton)\s+CPF\b|\bcompte personnel de formation\b|\b(?:financement|droits|crédits)\s+CPF\b/i;
const CPF_OWNERS = ['gouv.fr', 'caissedesdepots.fr'];

function trainingFundSolicitation(haystack: string, senderDomain: string | null): Indicator | null {
  if (senderDomain && CPF_OWNERS.some((d) => senderDomain === d || senderDomain.endsWith(`.${d}`)))
    return null;
  if (!CPF.test(haystack)) return null;
  const hook = CPF_HOOK.exec(haystack)?.[0];
  if (!hook) return null;
  return indicator({
    id: 'content.training_fund_solicitation',
    family: 'content',
    severity: 'high',
    weight: 0.5,
    explanation:
      'It offers to unlock your French training fund (CPF) from outside the official service: canvassing CPF holders is unlawful in France, and this is a known scam to take the fund or your identity.',
    evidence: [`"${hook.replace(/\s+/g, ' ')}"`, `sender domain ${senderDomain ?? 'unknown'}`],
  });
}

/**
 * Notices that real services send and lures copy word for word, so who sends them decides: a
 * mailbox said to be full or over its quota ("Your email quota has exceeded the set limit of 2GB
 * … click here to re-set your quota"), a voicemail or fax waiting to be played or viewed, mail
 * that "could not be delivered" with a button to send it again. Your mail or phone provider (a
 * listed brand, a domain among the 50,000 most popular: google.com, orange.fr, ringcentral.com,
 * laposte.net) or, as full mail, your own domain's server (cPanel, a 3CX phone system) may send
 * them; anyone else may not. Written from the lure classes, not learned (rules 2.30.0 and
 * 2.31.0, 2026-11-27): the corpus has 25 quota lures (15 earlier and 10 later honeypot) and next
 * to no voicemail, fax or resend lure; no legitimate message matches, and one spam message ("You
 * have a new Voicemail from Leah"). The model read hand-written ones pasted as 1 (a quota lure,
 * a voicemail lure) to 39 (a fax). Pasted text has no recipient, so a notice of your own
 * domain's server, pasted, reads as a stranger's.
 */
const STRANGER_NOTICES: readonly { says: string; pattern: RegExp }[] = [
  // Always the reader's mailbox ("your …", "used 99% of its quota"): "my inbox is full" in a
  // colleague's note, or a server's storage in a list post, is no notice.
  {
    says: 'your mailbox is full or over its quota',
    pattern:
      /\byour (?:\S+ ){0,3}?(?:mailbox|e-?mail|inbox|storage|quota)(?: \S+){0,4}? (?:is|are|has|have)(?: \S+){0,2}? (?:almost full|full|nearly full|exceeded|over (?:its|the|your) (?:limit|quota)|reached (?:its|the|your) (?:limit|maximum|quota))\b|\b(?:used|using|consumed) (?:\d{2,3}(?:[.,]\d+)? ?%|all) of (?:your|its) (?:e-?mail |mailbox |storage |allotted )*(?:storage|quota|space)\b|\b(?:re-?set|increase|upgrade|expand|extend|validate) your (?:e-?mail |mailbox )?(?:quota|storage|mailbox size|mailbox)\b/i,
  },
  // The notification's own wording ("you have a new voicemail", "Play Voicemail", "received a
  // 3 page fax"), not a person's ("listen to the voicemail I left").
  {
    says: 'a voicemail or fax is waiting for you',
    pattern:
      /\byou (?:have|'ve) (?:received )?(?:an? |\d+ )?new (?:voice ?mails?|voice messages?|e-?fax(?:es)?|fax(?:es)?)\b|\bnew (?:voice ?mail|voice message|e-?fax|fax)(?: message)? (?:from|received|for)\b|\b(?:play|listen to) (?:voice ?mail|voice message|audio message)\b|\breceived an? \d+[- ]pages? (?:e-?fax|fax)\b|\bview (?:the |your )?(?:e-?fax|fax) (?:document|message)\b/i,
  },
  {
    says: 'your mail could not be delivered and can be sent again',
    pattern:
      /\b(?:click|tap) (?:below|here) to (?:retry|resend|re-send|redeliver)\b|\b(?:retry|resend|re-send|redeliver|release) (?:these|all|failed|pending|undelivered) (?:\w+ )?(?:messages|e-?mails|mails)\b/i,
  },
];
/** Providers and popular sites send real notices: the top of the popular-domain list. */
const NOTICE_SENDERS_WITHIN = 50_000;

function strangerNotice(
  haystack: string,
  email: ParsedEmail,
  senderDomain: string | null,
  popular: PopularDomains,
): Indicator | null {
  if (senderDomain && (brandOf(senderDomain) || popular.isPopular(senderDomain, NOTICE_SENDERS_WITHIN)))
    return null;
  if (senderDomain && email.to.some((r) => registrableDomain(r.address) === senderDomain)) return null;
  for (const { says, pattern } of STRANGER_NOTICES) {
    const said = pattern.exec(haystack)?.[0];
    if (!said) continue;
    return indicator({
      id: 'content.notice_lure',
      family: 'content',
      severity: 'high',
      weight: DECISIVE_WEIGHT,
      explanation:
        email.to.length > 0
          ? `It says ${says}, yet comes from ${senderDomain ?? 'an unknown sender'}, not a mail or phone provider or your own domain's server: the make-up of a lure that copies a provider's notice.`
          : // Pasted text (or mail without a To line) names no recipient: whether the sender is the
            // reader's own organisation cannot be told, so the explanation does not claim it.
            `It says ${says}, yet comes from ${senderDomain ?? 'an unknown sender'}, not a mail or phone provider: the make-up of a lure that copies a provider's notice. If that is your own organisation's domain, its own mail server may have sent it: check the original message, whose recipient tells.`,
      evidence: [quoted(said), `sender domain ${senderDomain ?? 'unknown'}`],
    });
  }
  return null;
}

/** Below this many visible characters (spaces aside), an HTML message with a link is a picture. */
const IMAGE_ONLY_CHARS = 30;

/**
 * An HTML message that is a picture with a link and next to no text: the wording is in the
 * image, out of a filter's (and a screen reader's) reach. A real attached file makes it a
 * covering note instead; an empty dummy part does not (rules 2.9.13). 70 of 859 later phishing
 * messages (45 when any attachment ruled it out), 186 of 5,352 spam messages in the corpus, 1 of
 * 23,951 legitimate ones. Pasted text has no HTML and is not judged.
 */
function imageOnly(email: ParsedEmail): Indicator | null {
  // What a client shows is the HTML (htmlChars, null without it): a text/plain part with words in
  // it does not make a picture readable, nor is HTML full of words a picture because its text
  // part is empty (rules 2.9.14).
  const chars = email.htmlChars;
  if (chars === null || chars >= IMAGE_ONLY_CHARS || email.links.length === 0 || hasFileAttached(email))
    return null;
  return indicator({
    id: 'content.image_only',
    family: 'content',
    severity: 'medium',
    weight: 0.3,
    explanation:
      'The message is a picture with a link and almost no text: its wording is hidden in the image, where filters cannot read it.',
    evidence: [`${chars} characters of text, ${email.links.length} link(s)`],
  });
}

/** 0..1: how strongly the message presses for action (used by the test shape). */
export function urgencyScore(indicators: readonly Indicator[]): number {
  const u = indicators.find((i) => i.id === 'content.urgency');
  const t = indicators.find((i) => i.id === 'content.threat');
  const score = (u ? 0.5 + 0.1 * (u.evidence.length - 1) : 0) + (t ? 0.4 + 0.1 * (t.evidence.length - 1) : 0);
  return Math.min(1, Math.round(score * 100) / 100);
}

/** Mathematical alphanumeric symbols (𝐛𝐨𝐥𝐝, 𝓼𝓬𝓻𝓲𝓹𝓽 letters that read as words), two or more in a row. */
const MATH_LETTERS = /[\p{L}\p{N}]*[\u{1d400}-\u{1d7ff}]{2,}[\p{L}\p{N}\u{1d400}-\u{1d7ff}]*/gu;
/**
 * Invisible characters (as-read.ts) between two Latin letters. Only Latin: Persian and other
 * scripts use ZWNJ inside words as spelling. Subject only: real newsletters carry a few in body
 * text (7 of 337).
 */
const INVISIBLE_IN_WORD = new RegExp(
  String.raw`[A-Za-z\u00c0-\u024f]+(?:${INVISIBLE}[A-Za-z\u00c0-\u024f]+)+`,
  'gu',
);
const INVISIBLE_RUN = new RegExp(INVISIBLE, 'gu');

const LATIN_LOOKALIKE_ALL = new RegExp(LATIN_LOOKALIKE.source, 'gu');
const TWO_LATIN = /[A-Za-z].*[A-Za-z]/;
const NOT_LATIN_CYRILLIC_GREEK = /[^\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** Runs of three or more letters: the words mixedScriptWords reads. */
const LETTER_RUN = /\p{L}{3,}/gu;

/**
 * Words spelt with Latin letters and look-alike Cyrillic or Greek ones ("Nеw rесоrd", whose е, с
 * and о are Cyrillic): what reads as one word to a person and as another to a filter. The
 * look-alikes are shown in brackets. Russian or Greek text has whole words in its own script.
 */
function mixedScriptWords(s: string): string[] {
  if (!LATIN_LOOKALIKE.test(s)) return [];
  const out: string[] = [];
  for (const m of matchesOf(LETTER_RUN, s)) {
    const w = m[0];
    if (LATIN_LOOKALIKE.test(w) && TWO_LATIN.test(w) && !NOT_LATIN_CYRILLIC_GREEK.test(w))
      out.push(w.replace(LATIN_LOOKALIKE_ALL, (c) => `[${c}]`));
    if (out.length >= 5) break;
  }
  return out;
}

/**
 * Small capitals and phonetic letters that pass for Latin ones (ᴘᴀʏᴍᴇɴᴛ, ᴘ.ᴀ.ʏ), two or more in a
 * row or split by dots: phonetic notation is all that writes them, and mail has none.
 */
const SMALL_CAPS_CLASS = '[\\u1d00-\\u1d2b\\u0262\\u026a\\u0274\\u0280\\u028f\\u0299\\u029c\\u029f]';
const SMALL_CAPS = new RegExp(`${SMALL_CAPS_CLASS}(?:[.\\s_-]?${SMALL_CAPS_CLASS})+`, 'gu');
const ANY_SMALL_CAP = new RegExp(SMALL_CAPS_CLASS, 'u');

function smallCapsWords(s: string): string[] {
  return ANY_SMALL_CAP.test(s) ? [...matchesOf(SMALL_CAPS, s)].slice(0, 5).map((m) => m[0]) : [];
}

/**
 * Words disguised inside a short line (a subject, a sender's name): invisible characters between
 * Latin letters, shown as ·, words mixing look-alike scripts, and small-capital look-alikes.
 */
export function disguisedInLine(line: string): string[] {
  const found = [...matchesOf(INVISIBLE_IN_WORD, line)].map((m) => m[0].replace(INVISIBLE_RUN, '·'));
  return [...found, ...mixedScriptWords(line), ...smallCapsWords(line)];
}

/**
 * Words written to slip past filters, shown with · where an invisible character sits. Measured
 * on the corpus: 190 of 6,000 phishing-pot messages, no legitimate message of any source.
 * Mixed-script words: in 71 phishing messages' text and 40 subjects, no legitimate or spam message.
 */
function obfuscatedWords(subject: string, text: string): string[] {
  const found = new Set<string>();
  const body = text.slice(0, 50_000);
  const haystack = `${subject}\n${body}`;
  // Every mathematical letter starts with the surrogate \ud835: one fast scan rules most mail out.
  if (haystack.includes('\ud835')) for (const m of matchesOf(MATH_LETTERS, haystack)) found.add(m[0]);
  for (const w of disguisedInLine(subject)) found.add(w);
  for (const w of mixedScriptWords(body)) found.add(w);
  for (const w of smallCapsWords(body)) found.add(w);
  for (const w of iAndLSwapped(haystack)) found.add(w);
  return [...found].slice(0, 5);
}

/**
 * Words with a capital I and a lower-case l swapped, which look the same in a sans-serif font:
 * a lower-case l inside a word in capitals (L_FOR_I), a capital I in a lure's word (capitalIForL).
 * Read in the subject and text, and in the sender's name ("Payment/DecIined").
 */
export function iAndLSwapped(text: string): string[] {
  return [...[...matchesOf(L_FOR_I, text)].map((m) => m[0]), ...capitalIForL(text)];
}

/**
 * A capital I standing in for a lower-case l in a lure's word or a brand's name (Iog in, WaIIet,
 * BiIIing, Iedger): the two look the same in a sans-serif font. Only where the word read with
 * an l is such a word, as ordinary names carry a capital I inside (McIntosh, LinkedIn).
 * Measured on the corpus (rules 2.22.0): 95 more earlier phishing messages, in both collections
 * (Nazario's eBay "BiIIing", the honeypot's wallets and "Iog in"), no legitimate or spam message.
 */
const SPELLED_WITH_L: ReadonlySet<string> = new Set([
  ...`log login logon logged mail email hotmail wallet billing bill blocked locked
    unlock validate validation alert deleted cancel cancelled closed declined helpdesk claim click link
    delivery parcel failed limited online balance please`.split(/\s+/),
  // Brands with an l (Gmail, Outlook, Ledger, Apple, PayPal…).
  ...Object.keys(BRANDS).filter((b) => b.length >= 4 && b.includes('l')),
]);

function capitalIForL(haystack: string): string[] {
  const out: string[] = [];
  // Found from each capital I (a few a message) rather than by a regular expression over every
  // word: the scan cost 25–30 µs a message, this costs a few.
  let end = 0;
  for (let at = haystack.indexOf('I'); at >= 0 && out.length < 5; at = haystack.indexOf('I', end)) {
    let start = at;
    while (start > 0 && isAsciiLetter(haystack.charCodeAt(start - 1))) start--;
    end = at + 1;
    while (end < haystack.length && isAsciiLetter(haystack.charCodeAt(end))) end++;
    if (end - start < 3 || end - start > LONGEST_SPELLED_WITH_L) continue;
    // Part of a longer run of letters or digits of any script: not a word of its own.
    if (LETTER_OR_DIGIT.test(haystack.charAt(start - 1)) || LETTER_OR_DIGIT.test(haystack.charAt(end)))
      continue;
    const word = haystack.slice(start, end);
    if (!/[a-z]I|I[a-z]/.test(word)) continue;
    if (SPELLED_WITH_L.has(word.replaceAll('I', 'l').toLowerCase()) && !out.includes(word)) out.push(word);
  }
  return out;
}

const LONGEST_SPELLED_WITH_L = Math.max(...[...SPELLED_WITH_L].map((w) => w.length));
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * A lower-case l standing in for a capital I inside a word in capitals (CONFlRM, WlN, VlAGRA):
 * in a sans-serif font the two look the same. Whole words only, not inside base64, a path or a
 * formula (HCl ends with its l). Measured on the corpus: 13 earlier and 7 later phishing
 * messages and 1 spam; no legitimate message of any source.
 */
const L_FOR_I = /(?<![\p{L}\p{N}/+=_.:-])[A-Z]+l[A-Z]+(?![\p{L}\p{N}/+=_-])/gu;
