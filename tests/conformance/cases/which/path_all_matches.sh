d=/tmp/which_case_all; mkdir -p $d/a $d/b; for x in a b; do printf '#!/bin/sh\n' > $d/$x/tl; chmod +x $d/$x/tl; done
PATH=$d/a:$d/b:$PATH which tl; PATH=$d/a:$d/b:$PATH which -a tl; rm -r $d
