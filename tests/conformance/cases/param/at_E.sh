v='a\tb\x41'
echo "${v@E}"
