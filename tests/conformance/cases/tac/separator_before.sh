printf ',a,b,c' | tac -b -s ,; echo
