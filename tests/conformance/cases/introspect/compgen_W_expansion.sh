x=hi
compgen -W '$x a "b c" $(echo d e) ${x}2' ''
compgen -W 'one;two' ''
list="start stop status"
compgen -W "$list" st
