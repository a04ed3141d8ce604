printf "hi\n" > a; printf "caf\303\251\n" > u; file --mime-encoding a u
