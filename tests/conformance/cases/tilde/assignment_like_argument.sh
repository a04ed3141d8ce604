# An argument written like an assignment gets tilde expansion after its
# `=` and after each `:`, as an assignment does; other words do not.
HOME=/home/h
echo x=~ x=~/a a=b:~ x=~:~/b y+=~
echo --p=~ 1x=~ x=a~ "x=~" 'x=~' x=\~ x={~,b}
printf '%s\n' ${u:-x=~}
