# YAML's "billion laughs": nine levels of anchors, each a list of ten
# aliases of the level before, stand for 10^9 scalars in a 500-byte
# file. yq resolves aliases on input and charges each alias for the
# size of what it expands to, so the memory budget stops the read
# while the tree is still small (never the host's memory).
# profile: normal
# limit: max_memory=64M
# expect-stop: memory
# expect-stderr-contains: yq: memory exhausted
# expect-max-seconds: 3
printf 'a: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g,*g]\ni: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h,*h]\n' > lol.yaml
yq -o json '.i | length' lol.yaml
