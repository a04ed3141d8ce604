printf '\ta\tb\n' | expand -i -t 4 | sed -n l
