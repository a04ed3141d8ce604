# set -x shows a case subject as written, with $'...' decoded into single
# quotes as bash's reader keeps it.
set -x
case $'a\tb' in *) : ;; esac
case 'x y' in x*) : ;; esac
case "it's" in *) : ;; esac
v=q
case $v in q) : ;; esac
