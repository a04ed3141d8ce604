[[ abc == a* ]] && echo glob
[[ abc == "a*" ]] || echo quoted-literal
[[ abc != b* ]] && echo ne
[[ x1 == x[0-9] ]] && echo class
