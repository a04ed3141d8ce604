fun_one() { :; }
fun_two() { :; }
compgen -A function -P '<' -S '>' fun_
compgen -W 'alpha beta alps' -S '!' al
compgen -b -k -A function fun
