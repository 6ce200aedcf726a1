#!/bin/sh
# Writes fixtures/smime/*.eml: mail signed or encrypted as opaque S/MIME by OpenSSL, for tests of
# smime.ts. Run with `sh scripts/make-smime-fixtures.sh`; the files it writes are committed. The
# key and certificate are made for the run and thrown away: the signatures are not what is tested.
set -eu
out="$(dirname "$0")/../fixtures/smime"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 3650 \
  -subj "/CN=Sender/emailAddress=sender@example.org" 2>/dev/null

# $1 file, $2 From, $3 Subject, $4 Date, then the signed or encrypted MIME entity on stdin; the
# remaining arguments are openssl smime's.
wrap() {
  file=$1 from=$2 subject=$3 date=$4
  shift 4
  cat > "$work/entity"
  printf 'From: %s\r\nTo: alex@example.org\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s@example.org>\r\n' \
    "$from" "$subject" "$date" "$(basename "$file" .eml)" > "$out/$file"
  openssl smime -in "$work/entity" -outform SMIME "$@" >> "$out/$file"
}

lure() {
  printf 'Content-Type: text/html; charset=utf-8\r\n\r\n'
  printf '<p>Dear customer,</p><p>Your remittance could not be processed. Please confirm your payment details within 24 hours to avoid suspension of your account.</p>'
  printf '<p><a href="https://northwind-remit.top/confirm">https://portal.northwind-supplies.example/remittance</a></p>\r\n'
}
note() {
  printf 'Content-Type: text/plain; charset=utf-8\r\n\r\n'
  printf 'Hi Alex,\r\n\r\nThe minutes of Tuesday'"'"'s meeting are below. We agreed to move the review to the 3rd.\r\n\r\nBest,\r\nKim\r\n'
}

lure | wrap phishing-opaque-signed.eml '"Accounts Payable" <ap@northwind-supplies.example>' \
  'Remittance 4471: action required' 'Tue, 17 Nov 2026 08:12:00 +0000' \
  -sign -nodetach -binary -signer "$work/cert.pem" -inkey "$work/key.pem"
# The same signed with -stream: BER's indefinite lengths and a content in chunks.
lure | wrap phishing-opaque-signed-ber.eml '"Accounts Payable" <ap@northwind-supplies.example>' \
  'Remittance 4471: action required' 'Tue, 17 Nov 2026 08:12:00 +0000' \
  -sign -nodetach -binary -stream -signer "$work/cert.pem" -inkey "$work/key.pem"
note | wrap legit-opaque-signed.eml '"Kim Park" <kim.park@example.org>' 'Minutes of Tuesday' \
  'Wed, 18 Nov 2026 16:40:00 +0000' -sign -nodetach -binary -signer "$work/cert.pem" -inkey "$work/key.pem"
note | wrap encrypted.eml '"Kim Park" <kim.park@example.org>' 'Minutes of Tuesday' \
  'Wed, 18 Nov 2026 16:41:00 +0000' -encrypt -aes256 "$work/cert.pem"
