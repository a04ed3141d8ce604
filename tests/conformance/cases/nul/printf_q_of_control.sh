printf '%q\n' $'a\tb\001'
