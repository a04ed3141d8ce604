f() { trap 'echo global trap' EXIT; }
f
echo end of script
