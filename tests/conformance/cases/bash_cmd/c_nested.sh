bash -c 'bash -c "echo \$0 deep \$1" inner one'
