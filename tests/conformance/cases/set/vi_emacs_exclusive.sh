# set -o vi turns emacs off and set -o emacs turns vi off.
set -o emacs; set -o vi
set -o | grep -E '^(emacs|vi) '
set -o emacs
set -o | grep -E '^(emacs|vi) '
set +o emacs
set -o | grep -E '^(emacs|vi) '
