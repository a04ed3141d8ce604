[ -n "$(uname -p)" ] && echo p
[ -n "$(uname -i)" ] && echo i
uname --kernel-name
