my_var_a=1 my_var_b=2
compgen -v my_var_
