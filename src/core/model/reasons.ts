import { BRANDS } from '../domains/brands.js';

/**
 * The beginnings of words that name a reason a person recognises in a lure, in the languages
 * the corpus has phishing in (en, de, pt, fr, es, nl): the account and its sign-in, a check or
 * confirmation, a lock or expiry, money and payment, a prize or gift, a parcel, a click. The
 * model weighs every word it knows; the explanation quotes only these (and brand names) among
 * the heaviest, so "team", "support" or "community" (a campaign newsletter's words, which weigh
 * towards phishing because the honeypot's adverts use them) and forwarded-header labels
 * ("enviado", "gesendet") are never given as a reason. A heavy word outside the list still
 * counts in the score; the explanation then says the wording as a whole was weighed.
 *
 * Word beginnings, each listed once (a shorter one covers its longer forms: "valida" also
 * "validate", "cliqu" "clique"); one ending in "$" is the whole word ("gift" also "gifts",
 * "free$" not "freedom"). No word under four letters is quoted (model.ts), so none is listed.
 */
const REASON_STEMS = [
  // The account and getting into it.
  ...`account login log-in logon signin$ sign-in$ password passcode credential identit mailbox
    webmail quota storage konto passwort kennwort anmeld zugang postfach contas?$ senha acesso
    compte identifi cuenta contraseña acceso rekening wachtwoord inlog toegang`.split(/\s+/),
  // Checking, confirming, updating.
  ...`verif confirm valida update upgrade restor reactivat unlock bestätig aktualisier
    überprüf atualiz vérif actualiz bevestig bijwerk controleer`.split(/\s+/),
  // Locks, threats, deadlines.
  ...`secur suspen lock block restrict disabl deactivat unusual unauthori fraud expir urgent
    immediate overdue final$ warning alert penalt sicherheit gesperrt sperr dringend sofort
    frist mahnung ablauf läuft segurança seguranca sécurité bloqu seguridad beveilig geblokkeerd
    blokk verloop verlopen`.split(/\s+/),
  // Money.
  ...`payment paid$ invoice bill$ billing refund balance transaction transfer wire$ bank cards?$
    credit debit wallet crypto bitcoin usdt$ taxes$ funds?$ money cash$ loan investment
    profit deposit withdraw zahlung rechnung überweis karte steuer erstattung rückerstattung
    geld$ guthaben pagamento fatura boleto banco cartão cartao imposto reembolso saldo
    dinheiro paiement facture virement banque carte impôt remboursement solde pago$ factura
    tarjeta impuesto dinero betaling factuur kaart$ belasting terugbetaling`.split(/\s+/),
  // Prizes, gifts, offers.
  ...`prize winner winning reward bonus gift claim free$ exclusive offer lottery jackpot
    casino inherit donation beneficiar congratul voucher coupon gewinn gewonnen prämie
    geschenk gutschein gratis kostenlos freispiel angebot exklusiv glückwunsch prêmio premio
    ganh brinde resgat oferta parabéns gagn cadeau gratuit offre récompense félicit regalo
    gana$ felicidades prijs winnen cadeaukaart aanbieding gefeliciteerd`.split(/\s+/),
  // Parcels and documents.
  ...`deliver package parcel shipment customs tracking document voicemail attachment
    download paket sendung zustell lieferung pacote entrega encomenda colis livraison
    paquete envío pakket bezorg levering`.split(/\s+/),
  // Being asked to act.
  ...`click klick cliqu clic$ klik link$ button kindly`.split(/\s+/),
];

const REASON = new RegExp(`^(?:${REASON_STEMS.join('|')})`, 'u');

/** Whether a word the model weighed names a reason a person recognises (a lure's word or a brand). */
export function namesAReason(word: string): boolean {
  return REASON.test(word) || Object.hasOwn(BRANDS, word);
}
