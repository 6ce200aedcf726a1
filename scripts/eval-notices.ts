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
import { ORGS, scoreAppMail, type AppMessage } from './lib/app-mail.js';

/** One notice: its kind, subject, text ({org} and {domain} filled in) and button, if any. */
interface Notice {
  k: string;
  s: string;
  b: string;
  cta: string | null;
}

const SECURITY: Record<string, Notice[]> = {
  en: [
    {
      k: 'signin',
      s: 'New sign-in to your account',
      b: 'We noticed a new sign-in to your {org} account from Firefox on Windows near Berlin, Germany, on 20 November 2026 at 09:14. If this was you, there is nothing else to do. If it was not you, change your password now and review your devices.',
      cta: 'Review your devices',
    },
    {
      k: 'password',
      s: 'Your password was changed',
      b: 'The password for your {org} account was changed on 20 November 2026 at 09:14. If you made this change, you do not need to do anything. If you did not, reset your password right away and contact our support team.',
      cta: 'Reset your password',
    },
    {
      k: 'address',
      s: 'Your email address was changed',
      b: 'The email address of your {org} account was changed to j.s***@example.org on 20 November 2026. If you made this change, you can ignore this email. If not, contact us immediately so we can secure your account.',
      cta: 'Contact support',
    },
    {
      k: 'twofactor',
      s: 'Two-factor authentication was turned off',
      b: 'Two-factor authentication was turned off for your {org} account on 20 November 2026 at 09:14. If this was you, there is nothing else to do. If it was not you, sign in, turn it back on and change your password.',
      cta: 'Security settings',
    },
  ],
  de: [
    {
      k: 'signin',
      s: 'Neue Anmeldung bei Ihrem Konto',
      b: 'Wir haben eine neue Anmeldung bei Ihrem {org}-Konto über Firefox unter Windows in der Nähe von Berlin, Deutschland, am 20. November 2026 um 09:14 Uhr festgestellt. Wenn Sie das waren, müssen Sie nichts weiter tun. Wenn nicht, ändern Sie jetzt Ihr Passwort und überprüfen Sie Ihre Geräte.',
      cta: 'Geräte überprüfen',
    },
    {
      k: 'password',
      s: 'Ihr Passwort wurde geändert',
      b: 'Das Passwort Ihres {org}-Kontos wurde am 20. November 2026 um 09:14 Uhr geändert. Wenn Sie diese Änderung vorgenommen haben, müssen Sie nichts tun. Wenn nicht, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an unseren Support.',
      cta: 'Passwort zurücksetzen',
    },
    {
      k: 'address',
      s: 'Ihre E-Mail-Adresse wurde geändert',
      b: 'Die E-Mail-Adresse Ihres {org}-Kontos wurde am 20. November 2026 in j.s***@example.org geändert. Wenn Sie diese Änderung vorgenommen haben, können Sie diese E-Mail ignorieren. Wenn nicht, kontaktieren Sie uns umgehend, damit wir Ihr Konto schützen können.',
      cta: 'Support kontaktieren',
    },
    {
      k: 'twofactor',
      s: 'Zwei-Faktor-Authentifizierung wurde deaktiviert',
      b: 'Die Zwei-Faktor-Authentifizierung für Ihr {org}-Konto wurde am 20. November 2026 um 09:14 Uhr deaktiviert. Wenn Sie das waren, müssen Sie nichts weiter tun. Wenn nicht, melden Sie sich an, aktivieren Sie sie wieder und ändern Sie Ihr Passwort.',
      cta: 'Sicherheitseinstellungen',
    },
  ],
  fr: [
    {
      k: 'signin',
      s: 'Nouvelle connexion à votre compte',
      b: 'Nous avons remarqué une nouvelle connexion à votre compte {org} depuis Firefox sous Windows près de Berlin, Allemagne, le 20 novembre 2026 à 09:14. Si c’était vous, vous n’avez rien d’autre à faire. Sinon, changez votre mot de passe maintenant et vérifiez vos appareils.',
      cta: 'Vérifier vos appareils',
    },
    {
      k: 'password',
      s: 'Votre mot de passe a été modifié',
      b: 'Le mot de passe de votre compte {org} a été modifié le 20 novembre 2026 à 09:14. Si vous êtes à l’origine de cette modification, vous n’avez rien à faire. Sinon, réinitialisez votre mot de passe immédiatement et contactez notre support.',
      cta: 'Réinitialiser le mot de passe',
    },
    {
      k: 'address',
      s: 'Votre adresse e-mail a été modifiée',
      b: 'L’adresse e-mail de votre compte {org} a été remplacée par j.s***@example.org le 20 novembre 2026. Si vous êtes à l’origine de cette modification, vous pouvez ignorer cet e-mail. Sinon, contactez-nous immédiatement afin que nous sécurisions votre compte.',
      cta: 'Contacter le support',
    },
    {
      k: 'twofactor',
      s: 'L’authentification à deux facteurs a été désactivée',
      b: 'L’authentification à deux facteurs a été désactivée pour votre compte {org} le 20 novembre 2026 à 09:14. Si c’était vous, vous n’avez rien d’autre à faire. Sinon, connectez-vous, réactivez-la et changez votre mot de passe.',
      cta: 'Paramètres de sécurité',
    },
  ],
  es: [
    {
      k: 'signin',
      s: 'Nuevo inicio de sesión en tu cuenta',
      b: 'Hemos detectado un nuevo inicio de sesión en tu cuenta de {org} desde Firefox en Windows cerca de Berlín, Alemania, el 20 de noviembre de 2026 a las 09:14. Si fuiste tú, no tienes que hacer nada más. Si no fuiste tú, cambia tu contraseña ahora y revisa tus dispositivos.',
      cta: 'Revisar tus dispositivos',
    },
    {
      k: 'password',
      s: 'Tu contraseña ha cambiado',
      b: 'La contraseña de tu cuenta de {org} se cambió el 20 de noviembre de 2026 a las 09:14. Si hiciste este cambio, no tienes que hacer nada. Si no, restablece tu contraseña de inmediato y ponte en contacto con nuestro equipo de soporte.',
      cta: 'Restablecer contraseña',
    },
    {
      k: 'address',
      s: 'Tu dirección de correo ha cambiado',
      b: 'La dirección de correo de tu cuenta de {org} se cambió a j.s***@example.org el 20 de noviembre de 2026. Si hiciste este cambio, puedes ignorar este correo. Si no, contáctanos de inmediato para que protejamos tu cuenta.',
      cta: 'Contactar con soporte',
    },
    {
      k: 'twofactor',
      s: 'Se desactivó la verificación en dos pasos',
      b: 'La verificación en dos pasos se desactivó en tu cuenta de {org} el 20 de noviembre de 2026 a las 09:14. Si fuiste tú, no tienes que hacer nada más. Si no fuiste tú, inicia sesión, vuelve a activarla y cambia tu contraseña.',
      cta: 'Ajustes de seguridad',
    },
  ],
  pt: [
    {
      k: 'signin',
      s: 'Novo acesso à sua conta',
      b: 'Notamos um novo acesso à sua conta {org} pelo Firefox no Windows perto de Berlim, Alemanha, em 20 de novembro de 2026 às 09:14. Se foi você, não é preciso fazer mais nada. Se não foi você, altere sua senha agora e revise seus dispositivos.',
      cta: 'Revisar seus dispositivos',
    },
    {
      k: 'password',
      s: 'Sua senha foi alterada',
      b: 'A senha da sua conta {org} foi alterada em 20 de novembro de 2026 às 09:14. Se você fez essa alteração, não precisa fazer nada. Se não fez, redefina sua senha imediatamente e fale com nosso suporte.',
      cta: 'Redefinir senha',
    },
    {
      k: 'address',
      s: 'Seu endereço de e-mail foi alterado',
      b: 'O endereço de e-mail da sua conta {org} foi alterado para j.s***@example.org em 20 de novembro de 2026. Se você fez essa alteração, pode ignorar este e-mail. Se não, entre em contato conosco imediatamente para protegermos sua conta.',
      cta: 'Falar com o suporte',
    },
    {
      k: 'twofactor',
      s: 'A verificação em duas etapas foi desativada',
      b: 'A verificação em duas etapas foi desativada na sua conta {org} em 20 de novembro de 2026 às 09:14. Se foi você, não é preciso fazer mais nada. Se não foi você, entre na sua conta, ative-a de novo e altere sua senha.',
      cta: 'Configurações de segurança',
    },
  ],
  nl: [
    {
      k: 'signin',
      s: 'Nieuwe aanmelding bij je account',
      b: 'We hebben een nieuwe aanmelding bij je {org}-account gezien vanaf Firefox op Windows in de buurt van Berlijn, Duitsland, op 20 november 2026 om 09:14. Was jij dit, dan hoef je niets te doen. Zo niet, wijzig dan nu je wachtwoord en controleer je apparaten.',
      cta: 'Controleer je apparaten',
    },
    {
      k: 'password',
      s: 'Je wachtwoord is gewijzigd',
      b: 'Het wachtwoord van je {org}-account is op 20 november 2026 om 09:14 gewijzigd. Heb je dit zelf gedaan, dan hoef je niets te doen. Zo niet, stel je wachtwoord dan meteen opnieuw in en neem contact op met onze support.',
      cta: 'Wachtwoord opnieuw instellen',
    },
    {
      k: 'address',
      s: 'Je e-mailadres is gewijzigd',
      b: 'Het e-mailadres van je {org}-account is op 20 november 2026 gewijzigd in j.s***@example.org. Heb je dit zelf gedaan, dan kun je deze e-mail negeren. Zo niet, neem dan direct contact met ons op zodat we je account kunnen beveiligen.',
      cta: 'Contact opnemen',
    },
    {
      k: 'twofactor',
      s: 'Tweestapsverificatie is uitgeschakeld',
      b: 'Tweestapsverificatie is op 20 november 2026 om 09:14 uitgeschakeld voor je {org}-account. Was jij dit, dan hoef je niets te doen. Zo niet, meld je aan, schakel het weer in en wijzig je wachtwoord.',
      cta: 'Beveiligingsinstellingen',
    },
  ],
  it: [
    {
      k: 'signin',
      s: 'Nuovo accesso al tuo account',
      b: 'Abbiamo rilevato un nuovo accesso al tuo account {org} da Firefox su Windows vicino a Berlino, Germania, il 20 novembre 2026 alle 09:14. Se sei stato tu, non devi fare nient’altro. Altrimenti, cambia subito la password e controlla i tuoi dispositivi.',
      cta: 'Controlla i tuoi dispositivi',
    },
    {
      k: 'password',
      s: 'La tua password è stata modificata',
      b: 'La password del tuo account {org} è stata modificata il 20 novembre 2026 alle 09:14. Se hai effettuato tu questa modifica, non devi fare nulla. In caso contrario, reimposta subito la password e contatta il nostro supporto.',
      cta: 'Reimposta la password',
    },
    {
      k: 'address',
      s: 'Il tuo indirizzo email è stato modificato',
      b: 'L’indirizzo email del tuo account {org} è stato cambiato in j.s***@example.org il 20 novembre 2026. Se hai effettuato tu questa modifica, puoi ignorare questa email. In caso contrario, contattaci subito così potremo proteggere il tuo account.',
      cta: 'Contatta il supporto',
    },
    {
      k: 'twofactor',
      s: 'L’autenticazione a due fattori è stata disattivata',
      b: 'L’autenticazione a due fattori è stata disattivata per il tuo account {org} il 20 novembre 2026 alle 09:14. Se sei stato tu, non devi fare nient’altro. Altrimenti, accedi, riattivala e cambia la password.',
      cta: 'Impostazioni di sicurezza',
    },
  ],
};

const CODE: Record<string, Notice[]> = {
  en: [
    {
      k: 'code',
      s: 'Your verification code',
      b: 'Your verification code is 482913. It expires in 10 minutes. If you did not request this code, you can ignore this email; someone may have typed your address by mistake.',
      cta: null,
    },
  ],
  de: [
    {
      k: 'code',
      s: 'Ihr Bestätigungscode',
      b: 'Ihr Bestätigungscode lautet 482913. Er ist 10 Minuten gültig. Wenn Sie diesen Code nicht angefordert haben, können Sie diese E-Mail ignorieren; vielleicht hat jemand Ihre Adresse versehentlich eingegeben.',
      cta: null,
    },
  ],
  fr: [
    {
      k: 'code',
      s: 'Votre code de vérification',
      b: 'Votre code de vérification est 482913. Il expire dans 10 minutes. Si vous n’avez pas demandé ce code, vous pouvez ignorer cet e-mail ; quelqu’un a peut-être saisi votre adresse par erreur.',
      cta: null,
    },
  ],
  es: [
    {
      k: 'code',
      s: 'Tu código de verificación',
      b: 'Tu código de verificación es 482913. Caduca en 10 minutos. Si no solicitaste este código, puedes ignorar este correo; puede que alguien haya escrito tu dirección por error.',
      cta: null,
    },
  ],
  pt: [
    {
      k: 'code',
      s: 'Seu código de verificação',
      b: 'Seu código de verificação é 482913. Ele expira em 10 minutos. Se você não solicitou este código, pode ignorar este e-mail; alguém pode ter digitado seu endereço por engano.',
      cta: null,
    },
  ],
  it: [
    {
      k: 'code',
      s: 'Il tuo codice di verifica',
      b: 'Il tuo codice di verifica è 482913. Scade tra 10 minuti. Se non hai richiesto questo codice, puoi ignorare questa email; qualcuno potrebbe aver digitato il tuo indirizzo per errore.',
      cta: null,
    },
  ],
  nl: [
    {
      k: 'code',
      s: 'Je verificatiecode',
      b: 'Je verificatiecode is 482913. Deze verloopt over 10 minuten. Als je deze code niet hebt aangevraagd, kun je deze e-mail negeren; misschien heeft iemand per ongeluk jouw adres ingevuld.',
      cta: null,
    },
  ],
};

const SERVICE: Record<string, Notice[]> = {
  en: [
    {
      k: 'payment',
      s: 'Your payment did not go through',
      b: 'We could not charge the card ending in 4417 for your {org} Pro plan (EUR 12.00, due 20 November 2026). We will try again in three days. To keep your plan, update your payment method in your billing settings.',
      cta: 'Billing settings',
    },
    {
      k: 'inactive',
      s: 'Your account will be deleted for inactivity',
      b: 'You have not signed in to your {org} account for two years. Under our data retention policy we will delete the account and its data on 20 December 2026. If you want to keep it, simply sign in before then.',
      cta: 'Sign in',
    },
    {
      k: 'storage',
      s: 'Your storage is almost full',
      b: 'Your {org} account is using 9.6 GB of its 10 GB. When it is full, new files will not sync and you will not be able to upload. Free up space by deleting files you no longer need, or upgrade your plan.',
      cta: 'Manage storage',
    },
    {
      k: 'export',
      s: 'Your data export is ready',
      b: 'The export of your {org} account data that you requested on 18 November 2026 is ready. You can download it until 27 November 2026; after that the file is deleted.',
      cta: 'Download your data',
    },
    {
      k: 'shared',
      s: 'Anna Berger shared a document with you',
      b: 'Anna Berger (anna.berger@{domain}) shared the document "Q4 delivery schedule" with you on {org} Drive. You can view and comment on it.',
      cta: 'Open document',
    },
  ],
  de: [
    {
      k: 'payment',
      s: 'Ihre Zahlung ist fehlgeschlagen',
      b: 'Wir konnten die Karte mit der Endung 4417 für Ihren {org} Pro-Tarif (12,00 EUR, fällig am 20. November 2026) nicht belasten. Wir versuchen es in drei Tagen erneut. Um Ihren Tarif zu behalten, aktualisieren Sie Ihre Zahlungsmethode in den Abrechnungseinstellungen.',
      cta: 'Abrechnungseinstellungen',
    },
    {
      k: 'inactive',
      s: 'Ihr Konto wird wegen Inaktivität gelöscht',
      b: 'Sie haben sich seit zwei Jahren nicht bei Ihrem {org}-Konto angemeldet. Gemäß unserer Richtlinie zur Datenaufbewahrung löschen wir das Konto und seine Daten am 20. Dezember 2026. Wenn Sie es behalten möchten, melden Sie sich einfach vorher an.',
      cta: 'Anmelden',
    },
    {
      k: 'storage',
      s: 'Ihr Speicherplatz ist fast voll',
      b: 'Ihr {org}-Konto nutzt 9,6 GB von 10 GB. Wenn der Speicher voll ist, werden neue Dateien nicht mehr synchronisiert und Sie können nichts hochladen. Geben Sie Speicherplatz frei, indem Sie nicht mehr benötigte Dateien löschen, oder wechseln Sie zu einem größeren Tarif.',
      cta: 'Speicher verwalten',
    },
    {
      k: 'export',
      s: 'Ihr Datenexport ist bereit',
      b: 'Der Export Ihrer {org}-Kontodaten, den Sie am 18. November 2026 angefordert haben, ist bereit. Sie können ihn bis zum 27. November 2026 herunterladen; danach wird die Datei gelöscht.',
      cta: 'Daten herunterladen',
    },
    {
      k: 'shared',
      s: 'Anna Berger hat ein Dokument mit Ihnen geteilt',
      b: 'Anna Berger (anna.berger@{domain}) hat das Dokument „Lieferplan Q4“ in {org} Drive mit Ihnen geteilt. Sie können es ansehen und kommentieren.',
      cta: 'Dokument öffnen',
    },
  ],
  pt: [
    {
      k: 'payment',
      s: 'Seu pagamento não foi aprovado',
      b: 'Não conseguimos cobrar o cartão final 4417 pelo seu plano {org} Pro (R$ 59,00, vencimento em 20 de novembro de 2026). Tentaremos novamente em três dias. Para manter seu plano, atualize a forma de pagamento nas configurações de cobrança.',
      cta: 'Configurações de cobrança',
    },
    {
      k: 'inactive',
      s: 'Sua conta será excluída por inatividade',
      b: 'Você não entra na sua conta {org} há dois anos. De acordo com nossa política de retenção de dados, excluiremos a conta e seus dados em 20 de dezembro de 2026. Se quiser mantê-la, basta entrar antes dessa data.',
      cta: 'Entrar',
    },
    {
      k: 'storage',
      s: 'Seu armazenamento está quase cheio',
      b: 'Sua conta {org} está usando 9,6 GB de 10 GB. Quando estiver cheio, novos arquivos não serão sincronizados e você não poderá enviar arquivos. Libere espaço excluindo arquivos de que não precisa mais ou mude de plano.',
      cta: 'Gerenciar armazenamento',
    },
    {
      k: 'export',
      s: 'Sua exportação de dados está pronta',
      b: 'A exportação dos dados da sua conta {org} que você solicitou em 18 de novembro de 2026 está pronta. Você pode baixá-la até 27 de novembro de 2026; depois disso, o arquivo será excluído.',
      cta: 'Baixar seus dados',
    },
    {
      k: 'shared',
      s: 'Anna Berger compartilhou um documento com você',
      b: 'Anna Berger (anna.berger@{domain}) compartilhou o documento "Cronograma de entregas do 4º trimestre" com você no {org} Drive. Você pode visualizá-lo e comentar.',
      cta: 'Abrir documento',
    },
  ],
  es: [
    {
      k: 'payment',
      s: 'No se ha podido procesar tu pago',
      b: 'No hemos podido cobrar la tarjeta terminada en 4417 por tu plan {org} Pro (12,00 EUR, con vencimiento el 20 de noviembre de 2026). Lo intentaremos de nuevo dentro de tres días. Para mantener tu plan, actualiza tu método de pago en los ajustes de facturación.',
      cta: 'Ajustes de facturación',
    },
    {
      k: 'inactive',
      s: 'Tu cuenta se eliminará por inactividad',
      b: 'No has iniciado sesión en tu cuenta de {org} desde hace dos años. Según nuestra política de conservación de datos, eliminaremos la cuenta y sus datos el 20 de diciembre de 2026. Si quieres conservarla, basta con que inicies sesión antes de esa fecha.',
      cta: 'Iniciar sesión',
    },
    {
      k: 'storage',
      s: 'Tu almacenamiento está casi lleno',
      b: 'Tu cuenta de {org} está usando 9,6 GB de 10 GB. Cuando esté lleno, los archivos nuevos no se sincronizarán y no podrás subir archivos. Libera espacio eliminando los archivos que ya no necesites o cambia de plan.',
      cta: 'Gestionar almacenamiento',
    },
    {
      k: 'export',
      s: 'Tu exportación de datos está lista',
      b: 'La exportación de los datos de tu cuenta de {org} que solicitaste el 18 de noviembre de 2026 está lista. Puedes descargarla hasta el 27 de noviembre de 2026; después, el archivo se eliminará.',
      cta: 'Descargar tus datos',
    },
    {
      k: 'shared',
      s: 'Anna Berger ha compartido un documento contigo',
      b: 'Anna Berger (anna.berger@{domain}) ha compartido contigo el documento "Calendario de entregas T4" en {org} Drive. Puedes verlo y comentarlo.',
      cta: 'Abrir documento',
    },
  ],
};

function* messages(): Generator<AppMessage> {
  for (const set of [SECURITY, CODE, SERVICE])
    for (const [lang, notices] of Object.entries(set))
      for (const org of ORGS)
        for (const n of notices) {
          const body = n.b.replaceAll('{org}', org.name).replaceAll('{domain}', org.domain);
          const url = `https://app.${org.domain}/${n.k}`;
          const button = n.cta === null ? '' : `<p><a href="${url}">${n.cta}</a></p>`;
          const html = `<html><body><p>${body}</p>${button}<p>${org.name}</p></body></html>`;
          const text = `${body}\n\n${n.cta === null ? '' : `${n.cta}: ${url}\n\n`}${org.name}`;
          const visible = `${body}\n\n${n.cta === null ? '' : `${n.cta}\n\n`}${org.name}`;
          yield { lang, template: n.k, org, subject: n.s, text, html, visible };
        }
}
await scoreAppMail('written notice', messages());
