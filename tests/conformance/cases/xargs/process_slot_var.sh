printf 'a b c\n' | xargs -P 1 --process-slot-var=SLOT -n 1 sh -c 'echo "$0 slot $SLOT"'
