# A process substitution against a brace expansion: each word gets its own.
echo {a,b}<(echo x)
for f in {p,q}<(true); do echo "${f%%/*}"; done
