env -- A=1 sh -c 'echo $A'
env -i -- env | wc -l
