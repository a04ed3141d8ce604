printf 'a,b,c' | tac -s , | sed -n l
