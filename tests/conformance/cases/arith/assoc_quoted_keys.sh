# In arithmetic, an associative array's quoted key has its quotes
# removed: A['x'] and A["x"] are the element x.
declare -A A=([foo]=bar [spam]=42 ["a b"]=7)
(( x = A['spam'] ))
echo "$x"
(( A["K"] = 3 ))
(( A[k2] = 4 ))
echo "${!A[@]}"
(( y = A["a b"] + A[spam] ))
echo "$y"
k=spam
(( A[$k] += 1 ))
echo "${A[spam]}"
declare -A B
B['y']=1
(( B['y'] += 5 ))
echo $(( B["y"] * 2 ))
declare -p B
