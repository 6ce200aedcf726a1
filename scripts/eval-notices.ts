// npm run eval:notices: account and service notices written for this check (not any application's
// templates), scored by the shipped engine as full mail and pasted: the security notices a
// service sends (a new sign-in, a changed password or address, two-factor turned off) and a
// one-time code in seven languages, and the service notices phishing copies word for word (a
// failed payment, an account to be deleted for inactivity, storage almost full, a data export
// ready, a shared document) in four. Each is rendered for each organisation of ORGS
// (lib/app-mail.ts), its button on the organisation's own site (app.<domain>). Rules 2.74.0
// (the code notice) and 2.75.0 (the sign-in notice) were written after reading the first of
// these, so their rates flatter those rules; the service notices were written after them and
// no rule was written from them.
import { escape, ORGS, scoreAppMail, type AppMessage } from './lib/app-mail.js';

/** One notice: its kind, subject, text ({org} and {domain} filled in) and button, if any. */
interface Notice {
  kind: string;
  subject: string;
  text: string;
  button: string | null;
}

const SECURITY: Record<string, Notice[]> = {
  en: [
    {
      kind: 'signin',
      subject: 'New sign-in to your account',
      text: 'We noticed a new sign-in to your {org} account from Firefox on Windows near Berlin, Germany, on 20 November 2026 at 09:14. If this was you, there is nothing else to do. If it was not you, change your password now and review your devices.',
      button: 'Review your devices',
    },
    {
      kind: 'password',
      subject: 'Your password was changed',
      text: 'The password for your {org} account was changed on 20 November 2026 at 09:14. If you made this change, you do not need to do anything. If you did not, reset your password right away and contact our support team.',
      button: 'Reset your password',
    },
    {
      kind: 'address',
      subject: 'Your email address was changed',
      text: 'The email address of your {org} account was changed to j.s***@example.org on 20 November 2026. If you made this change, you can ignore this email. If not, contact us immediately so we can secure your account.',
      button: 'Contact support',
    },
    {
      kind: 'twofactor',
      subject: 'Two-factor authentication was turned off',
      text: 'Two-factor authentication was turned off for your {org} account on 20 November 2026 at 09:14. If this was you, there is nothing else to do. If it was not you, sign in, turn it back on and change your password.',
      button: 'Security settings',
    },
  ],
  de: [
    {
      kind: 'signin',
      subject: 'Neue Anmeldung bei Ihrem Konto',
      text: 'Wir haben eine neue Anmeldung bei Ihrem {org}-Konto über Firefox unter Windows in der Nähe von Berlin, Deutschland, am 20. November 2026 um 09:14 Uhr festgestellt. Wenn Sie das waren, müssen Sie nichts weiter tun. Wenn nicht, ändern Sie jetzt Ihr Passwort und überprüfen Sie Ihre Geräte.',
      button: 'Geräte überprüfen',
    },
    {
      kind: 'password',
      subject: 'Ihr Passwort wurde geändert',
      text: 'Das Passwort Ihres {org}-Kontos wurde am 20. November 2026 um 09:14 Uhr geändert. Wenn Sie diese Änderung vorgenommen haben, müssen Sie nichts tun. Wenn nicht, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an unseren Support.',
      button: 'Passwort zurücksetzen',
    },
    {
      kind: 'address',
      subject: 'Ihre E-Mail-Adresse wurde geändert',
      text: 'Die E-Mail-Adresse Ihres {org}-Kontos wurde am 20. November 2026 in j.s***@example.org geändert. Wenn Sie diese Änderung vorgenommen haben, können Sie diese E-Mail ignorieren. Wenn nicht, kontaktieren Sie uns umgehend, damit wir Ihr Konto schützen können.',
      button: 'Support kontaktieren',
    },
    {
      kind: 'twofactor',
      subject: 'Zwei-Faktor-Authentifizierung wurde deaktiviert',
      text: 'Die Zwei-Faktor-Authentifizierung für Ihr {org}-Konto wurde am 20. November 2026 um 09:14 Uhr deaktiviert. Wenn Sie das waren, müssen Sie nichts weiter tun. Wenn nicht, melden Sie sich an, aktivieren Sie sie wieder und ändern Sie Ihr Passwort.',
      button: 'Sicherheitseinstellungen',
    },
  ],
  fr: [
    {
      kind: 'signin',
      subject: 'Nouvelle connexion à votre compte',
      text: 'Nous avons remarqué une nouvelle connexion à votre compte {org} depuis Firefox sous Windows près de Berlin, Allemagne, le 20 novembre 2026 à 09:14. Si c’était vous, vous n’avez rien d’autre à faire. Sinon, changez votre mot de passe maintenant et vérifiez vos appareils.',
      button: 'Vérifier vos appareils',
    },
    {
      kind: 'password',
      subject: 'Votre mot de passe a été modifié',
      text: 'Le mot de passe de votre compte {org} a été modifié le 20 novembre 2026 à 09:14. Si vous êtes à l’origine de cette modification, vous n’avez rien à faire. Sinon, réinitialisez votre mot de passe immédiatement et contactez notre support.',
      button: 'Réinitialiser le mot de passe',
    },
    {
      kind: 'address',
      subject: 'Votre adresse e-mail a été modifiée',
      text: 'L’adresse e-mail de votre compte {org} a été remplacée par j.s***@example.org le 20 novembre 2026. Si vous êtes à l’origine de cette modification, vous pouvez ignorer cet e-mail. Sinon, contactez-nous immédiatement afin que nous sécurisions votre compte.',
      button: 'Contacter le support',
    },
    {
      kind: 'twofactor',
      subject: 'L’authentification à deux facteurs a été désactivée',
      text: 'L’authentification à deux facteurs a été désactivée pour votre compte {org} le 20 novembre 2026 à 09:14. Si c’était vous, vous n’avez rien d’autre à faire. Sinon, connectez-vous, réactivez-la et changez votre mot de passe.',
      button: 'Paramètres de sécurité',
    },
  ],
  es: [
    {
      kind: 'signin',
      subject: 'Nuevo inicio de sesión en tu cuenta',
      text: 'Hemos detectado un nuevo inicio de sesión en tu cuenta de {org} desde Firefox en Windows cerca de Berlín, Alemania, el 20 de noviembre de 2026 a las 09:14. Si fuiste tú, no tienes que hacer nada más. Si no fuiste tú, cambia tu contraseña ahora y revisa tus dispositivos.',
      button: 'Revisar tus dispositivos',
    },
    {
      kind: 'password',
      subject: 'Tu contraseña ha cambiado',
      text: 'La contraseña de tu cuenta de {org} se cambió el 20 de noviembre de 2026 a las 09:14. Si hiciste este cambio, no tienes que hacer nada. Si no, restablece tu contraseña de inmediato y ponte en contacto con nuestro equipo de soporte.',
      button: 'Restablecer contraseña',
    },
    {
      kind: 'address',
      subject: 'Tu dirección de correo ha cambiado',
      text: 'La dirección de correo de tu cuenta de {org} se cambió a j.s***@example.org el 20 de noviembre de 2026. Si hiciste este cambio, puedes ignorar este correo. Si no, contáctanos de inmediato para que protejamos tu cuenta.',
      button: 'Contactar con soporte',
    },
    {
      kind: 'twofactor',
      subject: 'Se desactivó la verificación en dos pasos',
      text: 'La verificación en dos pasos se desactivó en tu cuenta de {org} el 20 de noviembre de 2026 a las 09:14. Si fuiste tú, no tienes que hacer nada más. Si no fuiste tú, inicia sesión, vuelve a activarla y cambia tu contraseña.',
      button: 'Ajustes de seguridad',
    },
  ],
  pt: [
    {
      kind: 'signin',
      subject: 'Novo acesso à sua conta',
      text: 'Notamos um novo acesso à sua conta {org} pelo Firefox no Windows perto de Berlim, Alemanha, em 20 de novembro de 2026 às 09:14. Se foi você, não é preciso fazer mais nada. Se não foi você, altere sua senha agora e revise seus dispositivos.',
      button: 'Revisar seus dispositivos',
    },
    {
      kind: 'password',
      subject: 'Sua senha foi alterada',
      text: 'A senha da sua conta {org} foi alterada em 20 de novembro de 2026 às 09:14. Se você fez essa alteração, não precisa fazer nada. Se não fez, redefina sua senha imediatamente e fale com nosso suporte.',
      button: 'Redefinir senha',
    },
    {
      kind: 'address',
      subject: 'Seu endereço de e-mail foi alterado',
      text: 'O endereço de e-mail da sua conta {org} foi alterado para j.s***@example.org em 20 de novembro de 2026. Se você fez essa alteração, pode ignorar este e-mail. Se não, entre em contato conosco imediatamente para protegermos sua conta.',
      button: 'Falar com o suporte',
    },
    {
      kind: 'twofactor',
      subject: 'A verificação em duas etapas foi desativada',
      text: 'A verificação em duas etapas foi desativada na sua conta {org} em 20 de novembro de 2026 às 09:14. Se foi você, não é preciso fazer mais nada. Se não foi você, entre na sua conta, ative-a de novo e altere sua senha.',
      button: 'Configurações de segurança',
    },
  ],
  nl: [
    {
      kind: 'signin',
      subject: 'Nieuwe aanmelding bij je account',
      text: 'We hebben een nieuwe aanmelding bij je {org}-account gezien vanaf Firefox op Windows in de buurt van Berlijn, Duitsland, op 20 november 2026 om 09:14. Was jij dit, dan hoef je niets te doen. Zo niet, wijzig dan nu je wachtwoord en controleer je apparaten.',
      button: 'Controleer je apparaten',
    },
    {
      kind: 'password',
      subject: 'Je wachtwoord is gewijzigd',
      text: 'Het wachtwoord van je {org}-account is op 20 november 2026 om 09:14 gewijzigd. Heb je dit zelf gedaan, dan hoef je niets te doen. Zo niet, stel je wachtwoord dan meteen opnieuw in en neem contact op met onze support.',
      button: 'Wachtwoord opnieuw instellen',
    },
    {
      kind: 'address',
      subject: 'Je e-mailadres is gewijzigd',
      text: 'Het e-mailadres van je {org}-account is op 20 november 2026 gewijzigd in j.s***@example.org. Heb je dit zelf gedaan, dan kun je deze e-mail negeren. Zo niet, neem dan direct contact met ons op zodat we je account kunnen beveiligen.',
      button: 'Contact opnemen',
    },
    {
      kind: 'twofactor',
      subject: 'Tweestapsverificatie is uitgeschakeld',
      text: 'Tweestapsverificatie is op 20 november 2026 om 09:14 uitgeschakeld voor je {org}-account. Was jij dit, dan hoef je niets te doen. Zo niet, meld je aan, schakel het weer in en wijzig je wachtwoord.',
      button: 'Beveiligingsinstellingen',
    },
  ],
  it: [
    {
      kind: 'signin',
      subject: 'Nuovo accesso al tuo account',
      text: 'Abbiamo rilevato un nuovo accesso al tuo account {org} da Firefox su Windows vicino a Berlino, Germania, il 20 novembre 2026 alle 09:14. Se sei stato tu, non devi fare nient’altro. Altrimenti, cambia subito la password e controlla i tuoi dispositivi.',
      button: 'Controlla i tuoi dispositivi',
    },
    {
      kind: 'password',
      subject: 'La tua password è stata modificata',
      text: 'La password del tuo account {org} è stata modificata il 20 novembre 2026 alle 09:14. Se hai effettuato tu questa modifica, non devi fare nulla. In caso contrario, reimposta subito la password e contatta il nostro supporto.',
      button: 'Reimposta la password',
    },
    {
      kind: 'address',
      subject: 'Il tuo indirizzo email è stato modificato',
      text: 'L’indirizzo email del tuo account {org} è stato cambiato in j.s***@example.org il 20 novembre 2026. Se hai effettuato tu questa modifica, puoi ignorare questa email. In caso contrario, contattaci subito così potremo proteggere il tuo account.',
      button: 'Contatta il supporto',
    },
    {
      kind: 'twofactor',
      subject: 'L’autenticazione a due fattori è stata disattivata',
      text: 'L’autenticazione a due fattori è stata disattivata per il tuo account {org} il 20 novembre 2026 alle 09:14. Se sei stato tu, non devi fare nient’altro. Altrimenti, accedi, riattivala e cambia la password.',
      button: 'Impostazioni di sicurezza',
    },
  ],
};

const CODE: Record<string, Notice[]> = {
  en: [
    {
      kind: 'code',
      subject: 'Your verification code',
      text: 'Your verification code is 482913. It expires in 10 minutes. If you did not request this code, you can ignore this email; someone may have typed your address by mistake.',
      button: null,
    },
  ],
  de: [
    {
      kind: 'code',
      subject: 'Ihr Bestätigungscode',
      text: 'Ihr Bestätigungscode lautet 482913. Er ist 10 Minuten gültig. Wenn Sie diesen Code nicht angefordert haben, können Sie diese E-Mail ignorieren; vielleicht hat jemand Ihre Adresse versehentlich eingegeben.',
      button: null,
    },
  ],
  fr: [
    {
      kind: 'code',
      subject: 'Votre code de vérification',
      text: 'Votre code de vérification est 482913. Il expire dans 10 minutes. Si vous n’avez pas demandé ce code, vous pouvez ignorer cet e-mail ; quelqu’un a peut-être saisi votre adresse par erreur.',
      button: null,
    },
  ],
  es: [
    {
      kind: 'code',
      subject: 'Tu código de verificación',
      text: 'Tu código de verificación es 482913. Caduca en 10 minutos. Si no solicitaste este código, puedes ignorar este correo; puede que alguien haya escrito tu dirección por error.',
      button: null,
    },
  ],
  pt: [
    {
      kind: 'code',
      subject: 'Seu código de verificação',
      text: 'Seu código de verificação é 482913. Ele expira em 10 minutos. Se você não solicitou este código, pode ignorar este e-mail; alguém pode ter digitado seu endereço por engano.',
      button: null,
    },
  ],
  it: [
    {
      kind: 'code',
      subject: 'Il tuo codice di verifica',
      text: 'Il tuo codice di verifica è 482913. Scade tra 10 minuti. Se non hai richiesto questo codice, puoi ignorare questa email; qualcuno potrebbe aver digitato il tuo indirizzo per errore.',
      button: null,
    },
  ],
  nl: [
    {
      kind: 'code',
      subject: 'Je verificatiecode',
      text: 'Je verificatiecode is 482913. Deze verloopt over 10 minuten. Als je deze code niet hebt aangevraagd, kun je deze e-mail negeren; misschien heeft iemand per ongeluk jouw adres ingevuld.',
      button: null,
    },
  ],
};

const SERVICE: Record<string, Notice[]> = {
  en: [
    {
      kind: 'payment',
      subject: 'Your payment did not go through',
      text: 'We could not charge the card ending in 4417 for your {org} Pro plan (EUR 12.00, due 20 November 2026). We will try again in three days. To keep your plan, update your payment method in your billing settings.',
      button: 'Billing settings',
    },
    {
      kind: 'inactive',
      subject: 'Your account will be deleted for inactivity',
      text: 'You have not signed in to your {org} account for two years. Under our data retention policy we will delete the account and its data on 20 December 2026. If you want to keep it, simply sign in before then.',
      button: 'Sign in',
    },
    {
      kind: 'storage',
      subject: 'Your storage is almost full',
      text: 'Your {org} account is using 9.6 GB of its 10 GB. When it is full, new files will not sync and you will not be able to upload. Free up space by deleting files you no longer need, or upgrade your plan.',
      button: 'Manage storage',
    },
    {
      kind: 'export',
      subject: 'Your data export is ready',
      text: 'The export of your {org} account data that you requested on 18 November 2026 is ready. You can download it until 27 November 2026; after that the file is deleted.',
      button: 'Download your data',
    },
    {
      kind: 'shared',
      subject: 'Anna Berger shared a document with you',
      text: 'Anna Berger (anna.berger@{domain}) shared the document "Q4 delivery schedule" with you on {org} Drive. You can view and comment on it.',
      button: 'Open document',
    },
  ],
  de: [
    {
      kind: 'payment',
      subject: 'Ihre Zahlung ist fehlgeschlagen',
      text: 'Wir konnten die Karte mit der Endung 4417 für Ihren {org} Pro-Tarif (12,00 EUR, fällig am 20. November 2026) nicht belasten. Wir versuchen es in drei Tagen erneut. Um Ihren Tarif zu behalten, aktualisieren Sie Ihre Zahlungsmethode in den Abrechnungseinstellungen.',
      button: 'Abrechnungseinstellungen',
    },
    {
      kind: 'inactive',
      subject: 'Ihr Konto wird wegen Inaktivität gelöscht',
      text: 'Sie haben sich seit zwei Jahren nicht bei Ihrem {org}-Konto angemeldet. Gemäß unserer Richtlinie zur Datenaufbewahrung löschen wir das Konto und seine Daten am 20. Dezember 2026. Wenn Sie es behalten möchten, melden Sie sich einfach vorher an.',
      button: 'Anmelden',
    },
    {
      kind: 'storage',
      subject: 'Ihr Speicherplatz ist fast voll',
      text: 'Ihr {org}-Konto nutzt 9,6 GB von 10 GB. Wenn der Speicher voll ist, werden neue Dateien nicht mehr synchronisiert und Sie können nichts hochladen. Geben Sie Speicherplatz frei, indem Sie nicht mehr benötigte Dateien löschen, oder wechseln Sie zu einem größeren Tarif.',
      button: 'Speicher verwalten',
    },
    {
      kind: 'export',
      subject: 'Ihr Datenexport ist bereit',
      text: 'Der Export Ihrer {org}-Kontodaten, den Sie am 18. November 2026 angefordert haben, ist bereit. Sie können ihn bis zum 27. November 2026 herunterladen; danach wird die Datei gelöscht.',
      button: 'Daten herunterladen',
    },
    {
      kind: 'shared',
      subject: 'Anna Berger hat ein Dokument mit Ihnen geteilt',
      text: 'Anna Berger (anna.berger@{domain}) hat das Dokument „Lieferplan Q4“ in {org} Drive mit Ihnen geteilt. Sie können es ansehen und kommentieren.',
      button: 'Dokument öffnen',
    },
  ],
  pt: [
    {
      kind: 'payment',
      subject: 'Seu pagamento não foi aprovado',
      text: 'Não conseguimos cobrar o cartão final 4417 pelo seu plano {org} Pro (R$ 59,00, vencimento em 20 de novembro de 2026). Tentaremos novamente em três dias. Para manter seu plano, atualize a forma de pagamento nas configurações de cobrança.',
      button: 'Configurações de cobrança',
    },
    {
      kind: 'inactive',
      subject: 'Sua conta será excluída por inatividade',
      text: 'Você não entra na sua conta {org} há dois anos. De acordo com nossa política de retenção de dados, excluiremos a conta e seus dados em 20 de dezembro de 2026. Se quiser mantê-la, basta entrar antes dessa data.',
      button: 'Entrar',
    },
    {
      kind: 'storage',
      subject: 'Seu armazenamento está quase cheio',
      text: 'Sua conta {org} está usando 9,6 GB de 10 GB. Quando estiver cheio, novos arquivos não serão sincronizados e você não poderá enviar arquivos. Libere espaço excluindo arquivos de que não precisa mais ou mude de plano.',
      button: 'Gerenciar armazenamento',
    },
    {
      kind: 'export',
      subject: 'Sua exportação de dados está pronta',
      text: 'A exportação dos dados da sua conta {org} que você solicitou em 18 de novembro de 2026 está pronta. Você pode baixá-la até 27 de novembro de 2026; depois disso, o arquivo será excluído.',
      button: 'Baixar seus dados',
    },
    {
      kind: 'shared',
      subject: 'Anna Berger compartilhou um documento com você',
      text: 'Anna Berger (anna.berger@{domain}) compartilhou o documento "Cronograma de entregas do 4º trimestre" com você no {org} Drive. Você pode visualizá-lo e comentar.',
      button: 'Abrir documento',
    },
  ],
  es: [
    {
      kind: 'payment',
      subject: 'No se ha podido procesar tu pago',
      text: 'No hemos podido cobrar la tarjeta terminada en 4417 por tu plan {org} Pro (12,00 EUR, con vencimiento el 20 de noviembre de 2026). Lo intentaremos de nuevo dentro de tres días. Para mantener tu plan, actualiza tu método de pago en los ajustes de facturación.',
      button: 'Ajustes de facturación',
    },
    {
      kind: 'inactive',
      subject: 'Tu cuenta se eliminará por inactividad',
      text: 'No has iniciado sesión en tu cuenta de {org} desde hace dos años. Según nuestra política de conservación de datos, eliminaremos la cuenta y sus datos el 20 de diciembre de 2026. Si quieres conservarla, basta con que inicies sesión antes de esa fecha.',
      button: 'Iniciar sesión',
    },
    {
      kind: 'storage',
      subject: 'Tu almacenamiento está casi lleno',
      text: 'Tu cuenta de {org} está usando 9,6 GB de 10 GB. Cuando esté lleno, los archivos nuevos no se sincronizarán y no podrás subir archivos. Libera espacio eliminando los archivos que ya no necesites o cambia de plan.',
      button: 'Gestionar almacenamiento',
    },
    {
      kind: 'export',
      subject: 'Tu exportación de datos está lista',
      text: 'La exportación de los datos de tu cuenta de {org} que solicitaste el 18 de noviembre de 2026 está lista. Puedes descargarla hasta el 27 de noviembre de 2026; después, el archivo se eliminará.',
      button: 'Descargar tus datos',
    },
    {
      kind: 'shared',
      subject: 'Anna Berger ha compartido un documento contigo',
      text: 'Anna Berger (anna.berger@{domain}) ha compartido contigo el documento "Calendario de entregas T4" en {org} Drive. Puedes verlo y comentarlo.',
      button: 'Abrir documento',
    },
  ],
};

function* messages(): Generator<AppMessage> {
  for (const set of [SECURITY, CODE, SERVICE])
    for (const [lang, notices] of Object.entries(set))
      for (const org of ORGS)
        for (const n of notices) {
          const body = n.text.replaceAll('{org}', org.name).replaceAll('{domain}', org.domain);
          const url = `https://app.${org.domain}/${n.kind}`;
          const button = n.button === null ? '' : `<p><a href="${url}">${escape(n.button)}</a></p>`;
          const html = `<html><body><p>${escape(body)}</p>${button}<p>${escape(org.name)}</p></body></html>`;
          const text = `${body}\n\n${n.button === null ? '' : `${n.button}: ${url}\n\n`}${org.name}`;
          const visible = `${body}\n\n${n.button === null ? '' : `${n.button}\n\n`}${org.name}`;
          yield { lang, template: n.kind, org, subject: n.subject, text, html, visible };
        }
}
await scoreAppMail('written notice', messages());
