# check-stderr
# A hard link member naming a member the archive does not have: GNU tar
# lists it, then fails to make it, status 2. (Header built with printf.)
z() { head -c "$1" /dev/zero; }
{ printf 'link'; z 96; printf '0000644\x000000000\x000000000\x00'; z 11 | tr '\0' 0; printf '\x00'; z 11 | tr '\0' 0; printf '\x00010146\x00 1missing'; z 93; printf 'ustar  '; z 1272; } > link.tar
tar tvf link.tar; echo "list $?"
mkdir x && tar xf link.tar -C x; echo "extract $?"
ls -A x
