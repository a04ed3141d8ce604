echo 'ignored $A' | envsubst --variables 'x=${X} y=$Y'
envsubst --var '$Z'
