export X=1
env | grep '^X='
Y=2
env | grep '^Y=' || echo not-exported
