set -e
case $- in *e*) echo e-on ;; esac
set +e
case $- in *e*) echo e-on ;; *) echo e-off ;; esac
