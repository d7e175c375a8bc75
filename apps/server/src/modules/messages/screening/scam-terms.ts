/**
 * Words that ask for money or move a conversation off Funkeln (docs/SAFETY.md, scam hints), in the
 * classifier's grammar (contracts/message-terms.ts). Phone numbers, e-mail addresses, links and
 * IBANs are found by their shape (scam-detector.ts), not listed here.
 */
export const MONEY_TERMS = `
paypal*
western union
westernunion
moneygram
ueberweis*
ueberwies*
bankdaten
kontonummer
kontodaten
iban
geld ~ schick*
geld ~ send*
geld ~ leih*
geld ~ ueberweis*
leih* mir ~ geld
schick* mir ~ geld
brauch* ~ dringend ~ geld
kannst du mir ~ geld
kannst du mir ~ euro
paysafe*
amazon ~ gutschein*
amazon ~ karte*
amazongutschein*
google play
googleplay*
steam ~ karte*
steam ~ gutschein*
steam ~ guthaben
steamkarte*
apple ~ gutschein*
apple ~ karte*
itunes*
geschenkkarte*
giftcard*
gift card*
guthabenkarte*
bitcoin*
btc
krypto*
crypto*
usdt
tether
ethereum
wallet ~ adresse
walletadresse
binance
coinbase
investment*
trading ~ plattform
`;

export const CONTACT_TERMS = `
whatsapp*
whats app
watsap*
watsapp*
telegram*
snapchat*
snap
instagram*
insta
threema
skype
kik
facebook
auf signal
bei signal
per signal
ueber signal
signal app
signal messenger
handynummer*
handynr
telefonnummer*
deine nummer
meine nummer
`;
