true; echo $?
false; echo $?
:; echo $?
: ignored args $(echo x); echo $?
