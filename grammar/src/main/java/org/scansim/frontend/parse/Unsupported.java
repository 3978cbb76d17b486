package org.scansim.frontend.parse;

import java.util.regex.Pattern;

/**
 * The messages for constructs outside the subset, one per construct, so that every stage words
 * them the same way; and the names of library functions that belong to an unsupported feature
 * ({@code tex1Dfetch}, {@code __float2half}).
 */
final class Unsupported {
  static final String TEMPLATES = "templates are not supported";
  static final String CLASS_TEMPLATES = "templates of variables and prototypes, and specializations, are not supported (function"
      + " and class templates defined with their body are)";
  static final String CLASSES = "classes are not supported";
  static final String STRUCT_MEMBER_FUNCTIONS = "member functions and constructors are not supported (plain structs of fields are)";
  static final String STRUCT_ACCESS = "access specifiers are not supported (plain structs of public fields are)";
  static final String STRUCT_STATIC = "static data members are not supported";
  static final String STRUCT_BIT_FIELDS = "bit-fields are not supported (plain structs of fields are)";
  static final String STRUCT_BODY = "this struct's body is outside the subset (plain structs of fields are supported)";
  static final String STRUCT_MEMBER_INITIALIZERS = "default member initializers are not supported (plain structs of fields are)";
  static final String ALIGNMENT = "explicit alignment (__align__, alignas) is not supported: a variable or struct takes its type's alignment";
  static final String BRACED_TEMPORARIES = "a braced temporary (Pair{...}) is not supported: declare a variable with a brace list"
      + " (Pair p = {...};), or use make_float4(...) for a vector type";
  static final String NESTED_STRUCTS = "a struct defined inside another struct is not supported: define it before";
  static final String LOCAL_STRUCTS = "a struct defined inside a function is not supported: define it at namespace scope";
  static final String UNIONS = "unions are not supported";
  static final String ENUMS = "enums are not supported";
  static final String FUNCTION_TYPEDEFS = "typedefs of function types are not supported";
  static final String ARRAY_TYPEDEFS = "typedefs of array types are not supported";
  static final String NAMESPACES = "namespaces are not supported";
  static final String REFERENCES = "references are supported only as parameters and local variables";
  static final String NEW = "'new' is not supported";
  static final String DELETE = "'delete' is not supported";
  static final String EXCEPTIONS = "exceptions are not supported";
  static final String ASM = "inline assembly is not supported";
  static final String OPERATOR_OVERLOADING = "operator overloading is not supported";
  static final String TEXTURES = "texture memory is not supported";
  static final String HALF = "'half' is not supported";
  static final String FUNCTION_POINTERS = "function pointers are not supported";
  static final String THIS = "'this' is not supported";
  static final String VIRTUAL = "'virtual' is allowed only on a class's member function";
  static final String VARIADIC = "variadic functions are not supported";
  static final String LONG_DOUBLE = "long double is not supported";
  static final String DYNAMIC_CAST = "'dynamic_cast' is not supported";

  // Texture and surface fetches and the texture-object API (CUDA Guide, "Texture Functions",
  // "Surface Functions").
  private static final Pattern TEXTURE_FUNCTION =
      Pattern.compile(
          "tex(1D|2D|3D|Cubemap)\\w*|surf(1D|2D|3D|Cubemap)\\w*"
              + "|cuda(Bind|Unbind)Texture\\w*|cuda(Create|Destroy)(Texture|Surface)Object"
              + "|cudaCreateChannelDesc|texture|surface");

  // cuda_fp16.h conversions and arithmetic.
  private static final Pattern HALF_FUNCTION =
      Pattern.compile(
          "__(float2half|half2float|floats2half2|float2half2|half22float2|low2half|high2half|halves2half2)\\w*"
              + "|__h(add|sub|mul|div|fma|neg|abs|max|min|eq|ne|lt|le|gt|ge)2?(_\\w+)?"
              + "|__(float2bfloat16|bfloat162float)\\w*");

  private Unsupported() {}

  /** The message for calling {@code name}, or null when the name belongs to no unsupported feature. */
  static String forFunction(String name) {
    if (TEXTURE_FUNCTION.matcher(name).matches()) {
      return TEXTURES;
    }
    if (HALF_FUNCTION.matcher(name).matches()) {
      return HALF;
    }
    return null;
  }

  /** The message for a template named {@code name} ({@code texture<float>}, {@code tex1Dfetch<int>}). */
  static String forTemplate(String name) {
    String feature = forFunction(name);
    return feature != null ? feature : TEMPLATES;
  }
}
