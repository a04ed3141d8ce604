# Fields: $n, NF, $NF, $(expr), fields past the end, default blank splitting.
printf '  alpha  beta\tgamma  \none\n\n' | awk '{ print NF ":" $1 ":" $NF ":" $(NF-1+1) ":" $7 "." }'
