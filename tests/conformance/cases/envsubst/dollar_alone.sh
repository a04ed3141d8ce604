printf '%s\n' 'cost: $ 5' 'end$' '$$' '$ $' | A=x envsubst
