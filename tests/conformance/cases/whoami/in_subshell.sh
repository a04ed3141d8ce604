a=$(whoami); b=$( (whoami) ); [ "$a" = "$b" ] && echo same
env -i whoami | wc -l
