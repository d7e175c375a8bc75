/**
 * The classifier's built-in list (docs/SAFETY.md), in the grammar of contracts/message-terms.ts.
 * Admins add to it and allow words through the setting MESSAGE_NUDGE_TERMS. Each word was checked
 * against the project's ordinary messages (npm run bench:classifier): a word that ordinary German
 * uses otherwise is only listed inside a phrase ("du opfer", not "opfer"; "deine muschi", not "muschi").
 */
export const DEFAULT_TERMS = `
# Drohungen
drohung: ich bring* dich ~ um .
drohung: ich bring* dich ~ um ,
drohung: ich werd* dich ~ umbringen
drohung: ich mach* dich ~ kalt
drohung: ich toete dich
drohung: ich kill* dich
drohung: ich stech* dich ~ ab
drohung: ich schlitz* dich ~ auf
drohung: ich schlag* dich ~ tot
drohung: ich weis* ~ wo du wohnst
drohung: ich finde raus wo du wohnst
drohung: ich werd* dich finden
drohung: ich krieg* dich noch
drohung: du bist ~ tot
drohung: du wirst es bereuen
drohung: das wirst du bereuen
drohung: du wirst sterben
drohung: ich vergewaltig* dich
drohung: ich zuend* ~ dein* ~ an
drohung: pass ~ auf ~ wenn du ~ alleine ~ bist

# Beleidigungen
beleidigung: *schlampe
beleidigung: nutte
beleidigung: drecksnutte
beleidigung: *hure
beleidigung: hurensohn*
beleidigung: *fotze
beleidigung: *wichser
beleidigung: wixer
beleidigung: *missgeburt
beleidigung: *arschloch
beleidigung: *idiot
beleidigung: *bitch
beleidigung: *spast
beleidigung: spasti
beleidigung: mongo
beleidigung: *schwuchtel
beleidigung: kanake
beleidigung: neger
beleidigung: *drecksau
beleidigung: *drecksstueck
beleidigung: bastard
beleidigung: *penner
beleidigung: *trottel
beleidigung: *vollpfosten
beleidigung: *hackfresse
beleidigung: fick dich
beleidigung: fick* deine mutter
beleidigung: verpiss dich
beleidigung: halt* die fresse
beleidigung: halt* dein* maul
beleidigung: halts maul
beleidigung: leck mich am arsch
beleidigung: du arsch
beleidigung: du opfer
beleidigung: stueck scheis*
beleidigung: du bist ~ das letzte
beleidigung: du bist ~ behindert
beleidigung: bist du ~ behindert
beleidigung: du bist ~ haesslich
beleidigung: du haessliche*
beleidigung: fette sau
beleidigung: dumme sau
beleidigung: dumme kuh
beleidigung: bloede kuh
beleidigung: dumme* ~ ziege
beleidigung: fettes schwein
beleidigung: niemand will dich
beleidigung: geh sterben
beleidigung: bring dich um .
beleidigung: bring dich doch um

# Sexuell deutlich
sexuell: fick mich
sexuell: ficken*
sexuell: fickst
sexuell: fickt
sexuell: ficke
sexuell: gefickt
sexuell: *ficken
sexuell: fickbeziehung
sexuell: fickdate
sexuell: sexdate
sexuell: wichsen
sexuell: wichst
sexuell: blowjob
sexuell: blas* mir einen
sexuell: blaest du
sexuell: lutsch* ~ schwanz
sexuell: mein* schwanz
sexuell: mein* harte* schwanz
sexuell: dein* schwanz
sexuell: schwanzbild*
sexuell: dickpic*
sexuell: titten
sexuell: *nacktbild*
sexuell: *nacktfoto*
sexuell: nudes
sexuell: zeig* ~ dich ~ nackt
sexuell: schick* ~ nackt*
sexuell: deine muschi
sexuell: deine pussy
sexuell: deine brueste
sexuell: deine nippel
sexuell: bist du feucht
sexuell: bist du geil
sexuell: geil auf dich
sexuell: lust auf sex
sexuell: bock auf sex
sexuell: willst du sex
sexuell: lass uns voegeln
sexuell: willst du voegeln
sexuell: sperma
sexuell: ins gesicht spritzen
sexuell: von hinten nehmen
`;
