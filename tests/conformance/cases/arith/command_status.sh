((0)); echo $?
((5)); echo $?
((-1)); echo $?
