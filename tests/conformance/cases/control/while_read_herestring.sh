while read -r a b; do echo "$b-$a"; done <<< $'1 x\n2 y'
