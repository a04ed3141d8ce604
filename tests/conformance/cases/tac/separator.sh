printf 'a,b,c,' | tac -s ,; echo
