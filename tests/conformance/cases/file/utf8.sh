printf "caf\303\251\n" > a; printf "\357\273\277hi\n" > b; file a b
