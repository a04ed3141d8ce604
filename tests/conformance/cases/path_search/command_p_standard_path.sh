# command -p looks programs up in the standard directories (/bin:/usr/bin),
# whatever PATH says.
command -v -p cat
command -pV cat
command -v cat
PATH=/nothing
command -pv cat
printf 'b\na\n' | command -p cat
