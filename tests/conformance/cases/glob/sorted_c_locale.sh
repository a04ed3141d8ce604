touch b a C 10 2 _x
echo *
