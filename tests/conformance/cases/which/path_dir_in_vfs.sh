d=/tmp/which_case_bin; mkdir -p $d; printf '#!/bin/sh\n' > $d/mytool; chmod 755 $d/mytool
PATH=$d:$PATH which mytool; echo "status $?"; rm -r $d
